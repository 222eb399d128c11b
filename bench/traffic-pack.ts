import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The 10 event names of the traffic suite: each is `on` of 5 rules, one ruleset per event. */
export const TRAFFIC_EVENTS = [
  'CALL_STARTED',
  'AUDIO_RECEIVED',
  'VERIFY_STARTED',
  'VERIFY_COMPLETED',
  'SPOOF_CHECK_COMPLETED',
  'FRAUD_CHECK_COMPLETED',
  'OPT_IN_RECEIVED',
  'ENROLL_COMPLETED',
  'TRANSFER_REQUESTED',
  'CALL_ENDED',
] as const;

/**
 * The 5 rules of one event, by position. A rule whose flag is `set` in a
 * session fires on its event; the flags alternate with the session number, so
 * about half of an event's rules fire. `once` and `changed` fire on a
 * session's first event only (its `verify.*` variables never change after).
 */
const RULES = [
  { id: 'greet', if: '{ var: traffic.greet, equals: "yes" }', extra: ['once: true'] },
  { id: 'verify-moved', if: '{ changed: "verify.*" }', extra: [] },
  { id: 'quiet-audio', if: '{ var: traffic.quiet, in: [yes, maybe] }', filter: true, extra: [] },
  { id: 'risky', if: '{ var: traffic.risk, gt: 0.5 }', extra: [] },
  { id: 'uk-caller', if: '{ var: call.ani, matches: "+44*" }', extra: [] },
] as const;

/** Writes the 50-rule pack (one `traffic-N.yaml` ruleset per event) into `dir`. */
export function writeTrafficPack(dir: string): void {
  mkdirSync(dir, { recursive: true });
  TRAFFIC_EVENTS.forEach((event, e) => {
    const lines = [`ruleset: traffic-${e}`, 'rules:'];
    for (const rule of RULES) {
      lines.push(`  - id: ${rule.id}`, `    on: [${event}]`, `    if: ${rule.if}`);
      for (const extra of rule.extra) lines.push(`    ${extra}`);
      lines.push(
        '    then:',
        '      set:',
        `        traffic.${rule.id}: "\${state.currentEvent} at \${audio.netSeconds:-0}s"`,
      );
      if ('filter' in rule)
        lines.push('      filter: { keys_to_ignore: ["audio.lastChunkId", "audio.chunkCount"] }');
    }
    writeFileSync(path.join(dir, `traffic-${e}.yaml`), `${lines.join('\n')}\n`);
  });
}

/** Whether the session's flag of rule `k` (0–4) is set: alternating with the session, about half of them. */
function flagSet(session: number, k: number): boolean {
  return (session + k) % 2 === 0;
}

/**
 * One event of a session: 200 variables, about 9 KB of JSON. Only the
 * variables the rules read depend on the session; the rest are filler of a
 * realistic size.
 */
export function trafficVariables(session: number, event: number): Record<string, string> {
  const name = TRAFFIC_EVENTS[event % TRAFFIC_EVENTS.length] as string;
  const variables: Record<string, string> = {
    'state.sessionId': `traffic-${String(session).padStart(6, '0')}`,
    'state.currentEvent': name,
    'traffic.greet': flagSet(session, 0) ? 'yes' : 'no',
    'traffic.quiet': flagSet(session, 2) ? 'yes' : 'no',
    'traffic.risk': flagSet(session, 3) ? '0.75' : '0.25',
    'call.ani': flagSet(session, 4) ? '+442071234567' : '+12025550143',
    'audio.netSeconds': String(3 + (session % 7)),
    'verify.score': '0.812',
    'verify.decision': session % 3 === 0 ? 'MISMATCH' : 'MATCH',
  };
  const groups = ['audio', 'call', 'caller', 'person', 'custom', 'config', 'enroll', 'fraud'];
  // The filler names are all different, so each one adds a variable.
  for (let i = 0, count = Object.keys(variables).length; count < 200; i++, count++) {
    const group = groups[i % groups.length] as string;
    variables[`${group}.field${String(i).padStart(3, '0')}`] = `value-${session}-${i}-${'x'.repeat(12)}`;
  }
  return variables;
}

/** A request body of `POST /v1/events`. */
export function trafficBody(session: number, event: number): Buffer {
  return Buffer.from(JSON.stringify({ session_variables: trafficVariables(session, event) }));
}

/**
 * The rule ids (`ruleset/rule`, sorted) that fire on a session's `nth` event
 * (0 = first) of event index `event`, every event of the session having been
 * that one: `once` and `changed` rules only on the first.
 */
export function expectedFired(session: number, event: number, nth: number): string[] {
  const e = event % TRAFFIC_EVENTS.length;
  return RULES.filter((_rule, k) => (k === 1 ? nth === 0 : flagSet(session, k) && (k !== 0 || nth === 0)))
    .map((rule) => `traffic-${e}/${rule.id}`)
    .sort();
}
