import { decodeEventJson } from '../../contract/event-json';
import { decodeResponseJson } from '../../contract/response-json-decode';
import { NO_EVENT_LIMITS } from '../../contract/event-limits';
import { readEventVariables, type EventLayouts } from './read-event-variables';
import type { SessionVariables } from '../../contract/types';
import type { WebhookAnswer } from '../../simulation/webhook';
import { splitLineBatches, type RawLine } from './split-lines';

/** One line of a recording: an event, or a line that could not be read as one. */
export type RecordingItem =
  | {
      kind: 'event';
      file: string;
      line: number;
      variables: SessionVariables;
      /** The own keys of `variables` (in any order), when they were known while reading the line. */
      names?: readonly string[];
      /** A decision-log line (`serve --decision-log`): the webhook received this event. */
      delivered: boolean;
      /** What the webhook answered, as the decision log recorded it (its `fired` and `response`). */
      recorded?: WebhookAnswer;
    }
  | { kind: 'bad'; file: string; line: number; message: string };

/**
 * Reads a recording, JSON Lines of proto3 JSON `Event`s
 * (`{"session_variables": {...}}`), streaming, one batch of items per chunk read
 * (`decodeRecordingLine` says what each line is); blank lines are skipped.
 */
export async function* readRecordingBatches(
  file: string,
  chunks: AsyncIterable<Buffer>,
): AsyncGenerator<RecordingItem[]> {
  for await (const lines of splitLineBatches(chunks)) {
    const items: RecordingItem[] = [];
    for (const raw of lines) {
      const item = decodeRecordingLine(file, raw);
      if (item !== undefined) items.push(item);
    }
    if (items.length > 0) yield items;
  }
}

/** `readRecordingBatches`, one item at a time. */
export async function* readRecording(
  file: string,
  chunks: AsyncIterable<Buffer>,
): AsyncGenerator<RecordingItem> {
  for await (const items of readRecordingBatches(file, chunks)) yield* items;
}

/**
 * What one line of a recording is: an event, a bad line saying why (not valid
 * UTF-8, not JSON, or not an `Event`), or undefined for a blank line. A
 * decision-log line is an Event with more fields (ignored here), and its `fired`
 * list says the webhook answered it: it is `delivered`. `layouts`: the names of recent sessions' events, to
 * read the next one's faster (one per reader of the lines, which keeps them).
 */
export function decodeRecordingLine(
  file: string,
  raw: RawLine,
  layouts?: EventLayouts,
): RecordingItem | undefined {
  const { line, text } = raw;
  if (raw.problem !== undefined) return { kind: 'bad', file, line, message: raw.problem };
  if (isBlank(text)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { kind: 'bad', file, line, message: `not JSON: ${(error as Error).message}` };
  }
  const read = readEventVariables(value, text, layouts);
  if (read !== undefined) return toEventItem(file, line, value, read.variables, read.names);
  // A recording holds what a server accepted, maybe with raised --max-* limits: replay them all.
  const decoded = decodeEventJson(value, NO_EVENT_LIMITS);
  if (!decoded.ok) {
    const { field } = decoded.error;
    const message = decoded.error.message.replace('expected the body to be', 'expected the line to be');
    return {
      kind: 'bad',
      file,
      line,
      message: `not an Event: ${field === undefined ? '' : `${field}: `}${message}`,
    };
  }
  return toEventItem(file, line, value, decoded.value.session_variables, undefined);
}

function toEventItem(
  file: string,
  line: number,
  value: unknown,
  variables: SessionVariables,
  names: readonly string[] | undefined,
): RecordingItem {
  const fired = (value as { fired?: unknown }).fired;
  if (fired === undefined) return { kind: 'event', file, line, variables, names, delivered: false };
  const recorded = readRecordedAnswer(value as { fired?: unknown; response?: unknown });
  const delivered = Array.isArray(fired);
  return recorded === undefined
    ? { kind: 'event', file, line, variables, names, delivered }
    : { kind: 'event', file, line, variables, names, delivered, recorded };
}

/** Whether a line holds only white space; the first character settles it for almost every line. */
function isBlank(text: string): boolean {
  if (text.length === 0) return true;
  const first = text.charCodeAt(0);
  return (first <= 32 || first > 127) && text.trim() === '';
}

/** The answer a decision-log line recorded: its `fired` (strings) and `response` (a CustomLogicResponse). */
function readRecordedAnswer(line: { fired?: unknown; response?: unknown }): WebhookAnswer | undefined {
  const { fired } = line;
  if (!Array.isArray(fired) || !fired.every((id) => typeof id === 'string')) return undefined;
  const response = decodeResponseJson(line.response);
  return response.ok ? { fired: fired as string[], response: response.value } : undefined;
}
