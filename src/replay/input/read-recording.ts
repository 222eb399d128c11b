import { decodeEventJson, decodeResponseJson, NO_EVENT_LIMITS, type SessionVariables } from '../../contract';
import type { WebhookAnswer } from '../../simulation';
import { splitLines } from './split-lines';

/** One line of a recording: an event, or a line that could not be read as one. */
export type RecordingItem =
  | {
      kind: 'event';
      file: string;
      line: number;
      variables: SessionVariables;
      /** A decision-log line (`serve --decision-log`): the webhook received this event. */
      delivered: boolean;
      /** What the webhook answered, as the decision log recorded it (its `fired` and `response`). */
      recorded?: WebhookAnswer;
    }
  | { kind: 'bad'; file: string; line: number; message: string };

/**
 * Reads a recording, JSON Lines of proto3 JSON `Event`s
 * (`{"session_variables": {...}}`), one item per non-blank line, streaming.
 * A decision-log line is an Event with more fields (ignored here), and its
 * `fired` list says the webhook answered it: it is `delivered`.
 * A line that is not valid UTF-8, not JSON, or not an `Event` becomes a `bad`
 * item saying why; blank lines are skipped.
 */
export async function* readRecording(
  file: string,
  chunks: AsyncIterable<Buffer>,
): AsyncGenerator<RecordingItem> {
  for await (const raw of splitLines(chunks)) {
    const { line } = raw;
    if (raw.problem !== undefined) {
      yield { kind: 'bad', file, line, message: raw.problem };
      continue;
    }
    if (raw.text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(raw.text);
    } catch (error) {
      yield { kind: 'bad', file, line, message: `not JSON: ${(error as Error).message}` };
      continue;
    }
    // A recording holds what a server accepted, maybe with raised --max-* limits: replay them all.
    const decoded = decodeEventJson(value, NO_EVENT_LIMITS);
    if (decoded.ok) {
      const recorded = readRecordedAnswer(value as { fired?: unknown; response?: unknown });
      yield {
        kind: 'event',
        file,
        line,
        variables: decoded.value.session_variables,
        delivered: Array.isArray((value as { fired?: unknown }).fired),
        ...(recorded === undefined ? {} : { recorded }),
      };
    } else {
      const { field } = decoded.error;
      const message = decoded.error.message.replace('expected the body to be', 'expected the line to be');
      yield {
        kind: 'bad',
        file,
        line,
        message: `not an Event: ${field === undefined ? '' : `${field}: `}${message}`,
      };
    }
  }
}

/** The answer a decision-log line recorded: its `fired` (strings) and `response` (a CustomLogicResponse). */
function readRecordedAnswer(line: { fired?: unknown; response?: unknown }): WebhookAnswer | undefined {
  const { fired } = line;
  if (!Array.isArray(fired) || !fired.every((id) => typeof id === 'string')) return undefined;
  const response = decodeResponseJson(line.response);
  return response.ok ? { fired: fired as string[], response: response.value } : undefined;
}
