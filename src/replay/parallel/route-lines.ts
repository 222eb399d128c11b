import type { RecordingItem } from '../input/read-recording';
import type { LineBatch as ReadBatch, RawLine } from '../input/split-lines';
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

/**
 * Sends each event to the worker owning its session, in input order (LineClassifier says which lines
 * are events, and of which session). Sees every session raised, as the in-thread replay does, so that
 * `--max-sessions` forgets the same sessions at the same moments: `forget` puts the session's
 * forgetting in its worker's batch, before its next line.
 */
export class LineRouter {
  private readonly classifier: LineClassifier;
  private batches: LineBatch[] = [];
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
    const batch = this.batches[pickWorker(session, this.workers)] as LineBatch;
    batch.forgetAt.push(batch.count);
    batch.forgetSessions.push(session);
  }

  /** Routes one chunk of lines of `file`; `shared`: a copy of its ASCII bytes, when it has them. */
  route(file: string, { lines }: ReadBatch, shared: SharedArrayBuffer | undefined): RoutedLines {
    const size = lines.length;
    const texts: string[][] = [];
    this.batches = Array.from({ length: this.workers }, () => {
      texts.push([]);
      return {
        file,
        count: 0,
        lines: new Uint32Array(size),
        shared,
        starts: shared === undefined ? undefined : new Uint32Array(size),
        lengths: shared === undefined ? undefined : new Uint32Array(size),
        text: undefined,
        forgetAt: [],
        forgetSessions: [],
      };
    });
    const places = new Uint8Array(size);
    const bad: RoutedLines['bad'] = [];
    for (let i = 0; i < size; i++) {
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
      const batch = this.batches[worker] as LineBatch;
      const at = batch.count++;
      batch.lines[at] = raw.line;
      if (batch.starts === undefined || batch.lengths === undefined)
        (texts[worker] as string[]).push(raw.text);
      else if (raw.at === undefined)
        throw new Error(`${file}:${raw.line}: a line of ASCII bytes without its place`);
      else {
        batch.starts[at] = raw.at;
        batch.lengths[at] = raw.text.length;
      }
      places[i] = worker;
      this.events++;
    }
    const batches = this.batches.map((batch, worker) => {
      if (batch.count === 0 && batch.forgetAt.length === 0) return undefined;
      if (shared === undefined) batch.text = (texts[worker] as string[]).join('\n');
      return batch;
    });
    return { places, bad, batches };
  }
}

/** The worker owning a session: FNV-1a of its id, modulo the workers. */
export function pickWorker(session: string, workers: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < session.length; i++) h = Math.imul(h ^ session.charCodeAt(i), 0x01000193);
  return (h >>> 0) % workers;
}
