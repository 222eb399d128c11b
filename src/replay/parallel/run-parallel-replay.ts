import type { RecordingItem } from '../input/read-recording';
import type { RecordingSource } from '../input/open-recording';
import { readSources } from '../input/read-sources';
import type { ReplayEnd } from '../report/format-summary';
import type { CompareCounts } from '../stats/compare-stats';
import type { ReplayCounts } from '../stats/replay-stats';
import type { ReplayWorkers } from './replay-workers';
import { BAD, LineRouter, SKIPPED, type RoutedLines } from './route-lines';
import type { BatchResult } from './worker-protocol';

/** Chunks sent and not yet reported, at most: enough to keep every worker busy, few enough to stay small. */
const MAX_BATCHES_IN_FLIGHT = 8;

export interface ParallelReplayOptions {
  sources: readonly RecordingSource[];
  workers: ReplayWorkers;
  sessionKey: string;
  /** Replay only the events of this session. */
  session?: string;
  signal?: AbortSignal;
  /** Sees every session raised, in input order; calls `forget` with each session forgotten (LineRouter). */
  sessions: { see(session: string): void };
  onBadLine(item: Extract<RecordingItem, { kind: 'bad' }>): void;
  /** The text of each event that prints one, in input order, with its session (the timeline's group). */
  onPrint(session: string, text: string): void | Promise<void>;
  /** The counts of the events of a chunk, once they were printed. */
  onCounts(counts: ReplayCounts | CompareCounts): void;
  onProgress?(progress: { file: string; bytesRead: number; size: number | undefined; events: number }): void;
}

/** One chunk of lines on its way through the workers: what its report needs, and no more (memory). */
interface InFlight extends Omit<RoutedLines, 'batches'> {
  replies: (Promise<BatchResult> | undefined)[];
}

/**
 * The reader of a parallel replay (`--workers N`): reads and splits the recordings, sends each event to
 * the worker owning its session (LineRouter), and prints the workers' answers in input order: the output
 * of the in-thread replay, byte for byte.
 */
export class ParallelReplay {
  private readonly router: LineRouter;

  constructor(private readonly options: ParallelReplayOptions) {
    this.router = new LineRouter(options.workers.count, options);
  }

  /** Called by `sessions` when a session is forgotten: its worker forgets it before its next line. */
  forget(session: string): void {
    this.router.forget(session);
  }

  async run(): Promise<ReplayEnd> {
    const inFlight: InFlight[] = [];
    try {
      for await (const { lines, source, opened } of readSources(this.options.sources)) {
        if (this.options.signal?.aborted === true) return await this.finish(inFlight, 'aborted');
        const { bytesRead, size } = opened;
        this.options.onProgress?.({
          file: source.name,
          bytesRead: bytesRead(),
          size,
          events: this.router.events,
        });
        const routed = this.router.route(source.name, lines);
        const replies = routed.batches.map((batch, worker) => {
          if (batch === undefined) return undefined;
          const reply = this.options.workers.send(worker, batch);
          // Awaited when the chunk's turn to be reported comes; a failure before then is not unhandled.
          reply.catch(() => undefined);
          return reply;
        });
        inFlight.push({ places: routed.places, bad: routed.bad, replies });
        while (inFlight.length >= MAX_BATCHES_IN_FLIGHT) await this.report(inFlight.shift() as InFlight);
      }
      return await this.finish(inFlight, 'end');
    } finally {
      await this.options.workers.close();
    }
  }

  /** Prints the events and bad lines of a chunk in input order, then counts them. */
  private async report({ places, bad, replies }: InFlight): Promise<void> {
    const results = await Promise.all(replies);
    const next = new Uint32Array(results.length);
    const offsets = new Uint32Array(results.length);
    let nextBad = 0;
    for (const place of places) {
      if (place === SKIPPED) continue;
      if (place === BAD) {
        this.options.onBadLine(bad[nextBad++] as InFlight['bad'][number]);
        continue;
      }
      const result = results[place] as BatchResult;
      const length = result.lengths[next[place]++] as number;
      if (length === 0) continue;
      const offset = offsets[place] as number;
      offsets[place] = offset + length;
      const session = result.sessions?.[(next[place] as number) - 1] ?? '';
      const printing = this.options.onPrint(session, result.text.slice(offset, offset + length));
      if (printing !== undefined) await printing;
    }
    for (const result of results) if (result !== undefined) this.options.onCounts(result.counts);
  }

  private async finish(inFlight: InFlight[], end: ReplayEnd): Promise<ReplayEnd> {
    for (const chunk of inFlight.splice(0)) await this.report(chunk);
    return end;
  }
}
