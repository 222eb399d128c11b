import { writeFileSync } from 'node:fs';
import { trafficVariables } from './traffic-pack';

type Variables = Record<string, string>;

/** Events of each session in the HTTP load's cycle: with 1,000 sessions, 3,000 different bodies. */
export const EVENTS_PER_SESSION = 3;

/**
 * Step `step` (0 to EVENTS_PER_SESSION - 1) of a session's events in the HTTP
 * load: the pack's event of index `session + step` (three consecutive event
 * names), a netSeconds and a filler value of the step's own, and for even
 * sessions a `verify.score` of its own at the last step, so that `changed:
 * "verify.*"` fires on that step and again on the next cycle's first (back to
 * the first value), on half of the sessions: `changed` really changes, not only
 * on a session's first event.
 */
export function cycleVariables(session: number, step: number): Variables {
  const v = trafficVariables(session, session + step);
  v['audio.netSeconds'] = String(3 + (session % 7) + step * 11);
  v['audio.field000'] = `value-${session}-step-${step}`;
  if (step === EVENTS_PER_SESSION - 1 && session % 2 === 0) v['verify.score'] = '0.655';
  return v;
}

/** One line of the bodies file: a body of `POST /v1/events` (JSON.stringify escapes every newline). */
export function formatBodyLine(variables: Variables): string {
  return JSON.stringify({ session_variables: variables });
}

/**
 * Writes the bodies of the HTTP load, one per line, step-major: the first
 * event of every session, then the second of every session, and so on. A
 * client that sends the lines in order, cycling, sends each session's events
 * in their order, `sessions` requests apart (what the Lua script of
 * traffic-wrk.lua relies on).
 */
export function writeBodiesFile(
  file: string,
  sessions: number,
  variablesOf: (session: number, step: number) => Variables = cycleVariables,
): number {
  const lines: string[] = [];
  for (let step = 0; step < EVENTS_PER_SESSION; step++)
    for (let session = 0; session < sessions; session++)
      lines.push(formatBodyLine(variablesOf(session, step)));
  writeFileSync(file, `${lines.join('\n')}\n`);
  return lines.length;
}
