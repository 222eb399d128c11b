import type { Logger } from '../observability/logger';
import type { Counter } from '../observability/metrics';
import { NODE_RECORDING_FILE_SYSTEM, type RecordingFileSystem } from './recording-file-system';
import { RecordingWriter } from './recording-writer';
import { LossReport } from './report-losses';

/** What a file of lines counts: lines written, failed writes, items lost (buffer full or write failed). */
export interface LineFileCounters {
  written: Counter;
  writeErrors: Counter;
  dropped: Counter;
}

export interface BufferedLineFileOptions<T> {
  /** Absolute path of the file; appended to. */
  file: string;
  /** What the file is, in log lines: `recording`, `decision log`. */
  name: string;
  /** One item's line, newline included; called after the item's event was answered. */
  serialize(item: T): string;
  /** An item's size for the bound (roughly the characters of its line); called on the answer path: cheap. */
  measure(item: T): number;
  counters: LineFileCounters;
  logger: Logger;
  /** Rotate once the file would grow beyond this many bytes. */
  maxBytes?: number;
  /** Items waiting to be written at most; items beyond are dropped (and counted), never waited for. */
  maxPendingItems?: number;
  /** Measured size of the items waiting or being written at most; beyond, dropped. */
  maxPendingBytes?: number;
  /** At most one log line about lost items per this many ms. */
  lossLogIntervalMs?: number;
  /** Defaults to node:fs. */
  fileSystem?: RecordingFileSystem;
}

/** About 20 MB of typical events (1 KB each). */
const DEFAULT_MAX_PENDING_ITEMS = 20_000;
/** Whatever the number of items, what waits for the disk stays below this. */
const DEFAULT_MAX_PENDING_BYTES = 64 * 1024 * 1024;
/** Items serialized between two turns of the event loop, so that a large batch never holds up answers. */
const SLICE = 256;

/**
 * A file of JSON lines written off the answer path (`--record`, `--decision-log`): `add` only queues an
 * item; serializing happens later, in slices between answers, and writes are batched and asynchronous.
 * What waits is bounded (items and bytes): beyond, items are dropped, counted and logged once per
 * episode. A failed write (a full disk) loses whole lines only (RecordingWriter), counted and logged
 * (rate-limited); it never throws, and the next batch tries again.
 */
export class BufferedLineFile<T> {
  private pending: T[] = [];
  private readonly writer: RecordingWriter;
  private readonly losses: LossReport;
  private writing: Promise<void> | undefined;
  private overflowing = false;
  /** Of the items queued and of the batch being written: released once its write is done. */
  private pendingBytes = 0;

  constructor(private readonly options: BufferedLineFileOptions<T>) {
    const fs = options.fileSystem ?? NODE_RECORDING_FILE_SYSTEM;
    this.writer = new RecordingWriter(options.file, fs, options.maxBytes);
    this.losses = new LossReport(
      options.logger,
      options.file,
      options.lossLogIntervalMs,
      Date.now,
      options.name,
    );
  }

  /** Queues one item; never throws, never waits. */
  add(item: T): void {
    const bytes = this.options.measure(item);
    if (
      this.pending.length >= (this.options.maxPendingItems ?? DEFAULT_MAX_PENDING_ITEMS) ||
      this.pendingBytes + bytes > (this.options.maxPendingBytes ?? DEFAULT_MAX_PENDING_BYTES)
    ) {
      this.options.counters.dropped.inc();
      if (!this.overflowing)
        this.options.logger.warn(
          `${this.options.name} buffer full: events dropped until the disk catches up`,
          {
            file: this.options.file,
          },
        );
      this.overflowing = true;
      return;
    }
    this.overflowing = false;
    this.pendingBytes += bytes;
    this.pending.push(item);
    this.writing ??= this.drain();
  }

  /** Opens the file now, so that a path that cannot be written is reported at startup (throws). */
  async open(): Promise<void> {
    await this.writer.open();
  }

  /** Writes what is queued, closes the file, and logs losses not logged yet. */
  async close(): Promise<void> {
    await this.writing;
    await this.writer.close();
    this.losses.flush();
  }

  private async drain(): Promise<void> {
    const { counters, measure, serialize } = this.options;
    // Let the items of this turn of the event loop join the batch.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.pending.length > 0) {
      const items = this.pending;
      this.pending = [];
      let batchBytes = 0;
      const lines: string[] = [];
      for (let i = 0; i < items.length; i++) {
        batchBytes += measure(items[i] as T);
        lines.push(serialize(items[i] as T));
        if (i % SLICE === SLICE - 1) await new Promise((resolve) => setImmediate(resolve));
      }
      const outcome = await this.writer.writeLines(lines);
      this.pendingBytes -= batchBytes;
      counters.written.inc(outcome.written);
      if (outcome.error === undefined) {
        this.losses.noteSuccess();
        continue;
      }
      counters.writeErrors.inc();
      counters.dropped.inc(outcome.lost);
      this.losses.noteFailure(outcome.lost, outcome.error);
    }
    this.writing = undefined;
  }
}
