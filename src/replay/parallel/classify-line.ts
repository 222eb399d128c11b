import { decodeRecordingLine, type RecordingItem } from '../input/read-recording';
import type { RawLine } from '../input/split-lines';

/** A string of a line `serve --record` writes: no quote, no backslash, no control character. */
const PLAIN = '"[^"\\\\\\x00-\\x1f]*"';
const OPEN = '^\\{"session_variables":\\{';
const CLOSE = '\\}\\}$';

/** What the reader of a parallel replay must know of a line before a worker replays it. */
export type LineClass =
  | { kind: 'event'; session: string }
  | { kind: 'bad'; item: Extract<RecordingItem, { kind: 'bad' }> }
  | { kind: 'blank' };

/**
 * Classifies lines as exactly as the worker will read them (decodeRecordingLine), without parsing the
 * usual ones: is the line an event, and of which session (the value of the session key, '' for none)?
 * The session decides the worker (its events must stay together and in order) and what `--max-sessions`
 * forgets, so it must be exact.
 *
 * The usual line is what `serve --record` writes when no variable needs escaping: one `session_variables`
 * object of plain strings and nothing else. Such a line is certainly an Event (JSON.parse and the decoder
 * accept it), and one regular expression, matching it whole, finds the session key at most once among its
 * keys and captures its value. A line of another shape (escapes, spaces, more fields, the key twice) is
 * parsed here, then again by its worker.
 */
export class LineClassifier {
  /** The usual line with the session key once; undefined when the key needs escaping in JSON. */
  private readonly keyed: RegExp | undefined;
  /** The usual line without the session key. */
  private readonly keyless: RegExp | undefined;

  constructor(private readonly sessionKey: string) {
    const quoted = JSON.stringify(sessionKey);
    if (quoted !== `"${sessionKey}"`) return;
    const key = `${quoted.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:`;
    const other = `(?!${key})${PLAIN}:${PLAIN}`;
    this.keyed = new RegExp(`${OPEN}(?:${other},)*${key}"([^"\\\\\\x00-\\x1f]*)"(?:,${other})*${CLOSE}`);
    this.keyless = new RegExp(`${OPEN}(?:${other}(?:,${other})*)?${CLOSE}`);
  }

  classify(file: string, raw: RawLine): LineClass {
    if (raw.problem === undefined && this.keyed !== undefined) {
      const found = this.keyed.exec(raw.text);
      // The captured id is a slice of the line, itself a slice of its chunk: kept as is (the sessions
      // tracked keep their ids), it would keep the whole chunk alive. Parsing it as JSON (it holds nothing
      // to escape) copies it.
      if (found !== null) return { kind: 'event', session: JSON.parse(`"${found[1] as string}"`) as string };
      if (this.keyless?.test(raw.text) === true) return { kind: 'event', session: '' };
    }
    const item = decodeRecordingLine(file, raw);
    if (item === undefined) return { kind: 'blank' };
    if (item.kind === 'bad') return { kind: 'bad', item };
    return { kind: 'event', session: item.variables[this.sessionKey] ?? '' };
  }
}
