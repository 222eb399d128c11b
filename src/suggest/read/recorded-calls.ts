import { Readable } from 'node:stream';
import { CURRENT_EVENT_KEY, type SessionVariables } from '../../contract/types';
import { createRecordingSource } from '../../replay/input/open-recording';
import { readRecording, type RecordingItem } from '../../replay/input/read-recording';

/** One recorded event, with where it is written. */
export interface RecordedEvent {
  file: string;
  line: number;
  variables: SessionVariables;
}

/** One call of the recordings: its events in recorded order. */
export interface RecordedCall {
  /** The session key's value; '' for events that name no session (replayed as one session, as replay does). */
  session: string;
  events: RecordedEvent[];
}

export type BadLine = Extract<RecordingItem, { kind: 'bad' }>;

export interface ReadCalls {
  calls: RecordedCall[];
  /** Every event name and variable name the recordings hold, in first-seen order. */
  observed: { events: string[]; variables: string[] };
}

export type ReadCallsResult = ({ ok: true } & ReadCalls) | { ok: false; message: string };

/**
 * Reads recordings (as `rulehook replay` reads them: JSON Lines, gzip or not) into calls, in order of first
 * appearance. Bad lines go to `onBadLine` and are skipped, as replay skips them; a file that cannot be read
 * at all, or a decision log (the events a filter stopped live are not in it), is an error naming it.
 */
export async function readRecordedCalls(
  files: readonly string[],
  options: { cwd: string; sessionKey: string; onBadLine: (item: BadLine) => void },
): Promise<ReadCallsResult> {
  const calls = new Map<string, RecordedCall>();
  const events = new Set<string>();
  const variables = new Set<string>();
  for (const name of files) {
    const source = createRecordingSource(name, options.cwd, Readable.from([]));
    try {
      const opened = await source.open();
      for await (const item of readRecording(name, opened.chunks)) {
        if (item.kind === 'bad') {
          options.onBadLine(item);
          continue;
        }
        if (item.delivered || item.recorded !== undefined)
          return {
            ok: false,
            message:
              `${name}:${item.line}: a line of a decision log (it has "fired"): it holds only the events the ` +
              'webhook received, not the calls as the engine raised them; prove on a recording (serve --record)',
          };
        const id = item.variables[options.sessionKey];
        const session = typeof id === 'string' ? id : '';
        let call = calls.get(session);
        if (call === undefined) calls.set(session, (call = { session, events: [] }));
        call.events.push({ file: name, line: item.line, variables: item.variables });
        const event = item.variables[CURRENT_EVENT_KEY];
        if (event !== undefined && event !== '') events.add(event);
        for (const key of Object.keys(item.variables)) variables.add(key);
      }
    } catch (error) {
      return { ok: false, message: `cannot read ${name}: ${describeReadError(error)}` };
    }
  }
  return {
    ok: true,
    calls: [...calls.values()],
    observed: { events: [...events], variables: [...variables] },
  };
}

function describeReadError(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'it is a directory';
  return error instanceof Error ? error.message : String(error);
}

/** The names of the events the calls start with, in first-seen order (unnamed events left out). */
export function listFirstEvents(calls: readonly RecordedCall[]): string[] {
  const names = calls.map((call) => call.events[0]?.variables[CURRENT_EVENT_KEY] ?? '');
  return [...new Set(names.filter((name) => name !== ''))];
}
