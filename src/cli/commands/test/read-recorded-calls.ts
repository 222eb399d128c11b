import { Readable } from 'node:stream';
import { suggestName } from '../../../diagnostics/did-you-mean';
import { CURRENT_EVENT_KEY, SESSION_ID_KEY } from '../../../contract/types';
import { createRecordingSource } from '../../../replay/input/open-recording';
import { readRecording } from '../../../replay/input/read-recording';
import type { RecordedCall } from '../../../testing/from-recording/recorded-call';

export type ReadRecordedCalls = { ok: true; calls: RecordedCall[] } | { ok: false; message: string };

/**
 * Reads a whole recording (as `rulehook replay` reads it: JSON Lines, gzip or not) into its calls, in
 * order of first appearance. Stricter than replay, which skips what it cannot read: a test must hold the
 * call as it was, so any bad line, an event without a session id or a name, a decision-log line (it
 * holds only the events the webhook received, not the call), or a recording without events is an error
 * naming the file and line. With `keep`, only those calls' events are held (the others are listed,
 * without events).
 */
export async function readRecordedCalls(
  name: string,
  cwd: string,
  keep?: ReadonlySet<string>,
): Promise<ReadRecordedCalls> {
  const calls = new Map<string, RecordedCall>();
  const source = createRecordingSource(name, cwd, Readable.from([]));
  try {
    const opened = await source.open();
    for await (const item of readRecording(name, opened.chunks)) {
      const where = `${name}:${item.line}`;
      if (item.kind === 'bad') return { ok: false, message: `${where}: ${item.message}` };
      if (item.delivered || item.recorded !== undefined)
        return {
          ok: false,
          message:
            `${where}: a line of a decision log (it has "fired"): a decision log holds only the events the ` +
            'webhook received, not the call as the engine raised it; make tests from a recording (serve --record)',
        };
      const session = item.variables[SESSION_ID_KEY];
      if (session === undefined || session === '')
        return {
          ok: false,
          message: `${where}: this event has no ${SESSION_ID_KEY}: a test is made per recorded call, and calls are told apart by it`,
        };
      if ((item.variables[CURRENT_EVENT_KEY] ?? '') === '')
        return { ok: false, message: `${where}: this event has no ${CURRENT_EVENT_KEY} (its name)` };
      let call = calls.get(session);
      if (call === undefined) calls.set(session, (call = { session, events: [] }));
      if (keep === undefined || keep.has(session))
        call.events.push({ line: item.line, variables: item.variables });
    }
  } catch (error) {
    return { ok: false, message: `${name}: cannot be read: ${describeError(error)}` };
  }
  if (calls.size === 0)
    return {
      ok: false,
      message: `${name}: no event: a recording holds one event per line, {"session_variables": {...}}`,
    };
  return { ok: true, calls: [...calls.values()] };
}

/**
 * The calls `--session` names, in the order named; all of them when none is named. An id the recording
 * does not have is an error listing the ids it has.
 */
export function selectCalls(
  calls: readonly RecordedCall[],
  sessions: readonly string[],
  name: string,
): ReadRecordedCalls {
  if (sessions.length === 0) return { ok: true, calls: [...calls] };
  const byId = new Map(calls.map((c) => [c.session, c]));
  const unknown = sessions.filter((s) => !byId.has(s));
  if (unknown.length > 0) {
    const suggestion = suggestName(unknown[0]!, byId.keys());
    return {
      ok: false,
      message:
        `${name} has no call ${unknown.map((s) => `'${s}'`).join(', ')}` +
        (suggestion === undefined ? '' : ` (did you mean '${suggestion}'?)`) +
        `; its calls are ${calls.map((c) => c.session).join(', ')}`,
    };
  }
  return { ok: true, calls: [...new Set(sessions)].map((s) => byId.get(s)!) };
}

function describeError(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'it is a directory';
  return error instanceof Error ? error.message : String(error);
}
