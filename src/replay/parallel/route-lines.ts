import type { RecordingItem } from '../input/read-recording';
import type { RawLine } from '../input/split-lines';
import { LineClassifier } from './classify-line';
import type { LineBatch } from './worker-protocol';

/** The place of a line the reader reports itself (a bad line), or not at all (blank, another session). */
export const BAD = 255;
export const SKIPPED = 254;

/** One chunk of lines, routed: where each line goes, the bad lines in order, and a batch per worker. */
export interface RoutedLines {
  /** For each line: the worker replaying it, BAD or SKIPPED. */
  places: Uint8Array;
  bad: Extract<RecordingItem, { kind: 'bad' }>[];
  /** What each worker gets (undefined: nothing). */
  batches: (LineBatch | undefined)[];
}

/** The lines of one chunk for one worker, as they are gathered. */
interface Gathered {
  texts: string[];
  lines: number[];
  forgetAt: number[];
  forgetSessions: string[];
}

/**
 * Sends each event to the worker owning its session, in input order (LineClassifier says which lines
 * are events, and of which session). Sees every session raised, as the in-thread replay does, so that
 * `--max-sessions` forgets the same sessions at the same moments: `forget` puts the session's
 * forgetting in its worker's batch, before its next line.
 */
export class LineRouter {
  private readonly classifier: LineClassifier;
  private batches: Gathered[] = [];
  /** Events routed so far. */
  events = 0;

  constructor(
    private readonly workers: number,
    private readonly options: {
      sessionKey: string;
      session?: string;
      sessions: { see(session: string): void };
    },
  ) {
    this.classifier = new LineClassifier(options.sessionKey);
  }

  forget(session: string): void {
    const batch = this.batches[pickWorker(session, this.workers)] as Gathered;
    batch.forgetAt.push(batch.lines.length);
    batch.forgetSessions.push(session);
  }

  /** Routes one chunk of lines of `file`. */
  route(file: string, lines: readonly RawLine[]): RoutedLines {
    this.batches = Array.from({ length: this.workers }, () => ({
      texts: [],
      lines: [],
      forgetAt: [],
      forgetSessions: [],
    }));
    const places = new Uint8Array(lines.length);
    const bad: RoutedLines['bad'] = [];
    for (let i = 0; i < lines.length; i++) {
      const raw = lines[i] as RawLine;
      const line = this.classifier.classify(file, raw);
      if (
        line.kind !== 'event' ||
        (this.options.session !== undefined && line.session !== this.options.session)
      ) {
        places[i] = line.kind === 'bad' ? BAD : SKIPPED;
        if (line.kind === 'bad') bad.push(line.item);
        continue;
      }
      this.options.sessions.see(line.session);
      const worker = pickWorker(line.session, this.workers);
      const batch = this.batches[worker] as Gathered;
      batch.texts.push(raw.text);
      batch.lines.push(raw.line);
      places[i] = worker;
      this.events++;
    }
    const batches = this.batches.map(({ texts, lines, forgetAt, forgetSessions }) =>
      lines.length === 0 && forgetAt.length === 0
        ? undefined
        : { file, text: texts.join('\n'), lines, forgetAt, forgetSessions },
    );
    return { places, bad, batches };
  }
}

/** The worker owning a session: FNV-1a of its id, modulo the workers. */
export function pickWorker(session: string, workers: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < session.length; i++) h = Math.imul(h ^ session.charCodeAt(i), 0x01000193);
  return (h >>> 0) % workers;
}
