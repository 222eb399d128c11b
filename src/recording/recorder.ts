import { open, type FileHandle } from 'node:fs/promises';
import { encodeEventJson, type SessionVariables } from '../contract';
import type { Logger } from '../observability/logger';
import type { Counter, Metrics } from '../observability/metrics';
import type { Redactor } from './redact-variables';
import { findLastPart, rotateRecording } from './rotate-recording';

export interface RecorderOptions {
  /** Absolute path of the recording; appended to. */
  file: string;
  /** Rotate once the file would grow beyond this many bytes. */
  maxBytes?: number;
  redact?: Redactor;
  logger: Logger;
  metrics: Metrics;
  /** Events waiting to be written at most; events beyond are dropped (and counted), never waited for. */
  maxPendingEvents?: number;
}

/** About 20 MB of typical events (1 KB each). */
const DEFAULT_MAX_PENDING_EVENTS = 20_000;
/** Events serialized between two turns of the event loop, so that a large batch never holds up answers. */
const SLICE = 256;

/**
 * `serve --record FILE`: appends every received event to a recording (JSON
 * Lines of `{"session_variables": {...}}`). `record` only queues the event:
 * serializing (and redacting) happens after it is answered, in slices, and
 * writes are batched and asynchronous, so answering an event never waits for
 * either. Events are never modified after decoding, so what is written is what
 * was received. A write error is logged and counted; it never
 * fails an event.
 */
export class Recorder {
  private pending: SessionVariables[] = [];
  private handle: FileHandle | undefined;
  private size = 0;
  private part: number | undefined;
  private writing: Promise<void> | undefined;
  private overflowing = false;
  private readonly recorded: Counter;
  private readonly writeErrors: Counter;
  private readonly dropped: Counter;

  constructor(private readonly options: RecorderOptions) {
    const m = options.metrics;
    this.recorded = m.counter('rulehook_recorded_events_total', 'Events written to the --record recording.');
    this.writeErrors = m.counter(
      'rulehook_recording_write_errors_total',
      'Failed writes to the --record recording.',
    );
    this.dropped = m.counter(
      'rulehook_recording_dropped_events_total',
      'Events not recorded: the write buffer was full, or their write failed.',
    );
  }

  /** Queues one event; never throws, never waits. */
  record(variables: SessionVariables): void {
    if (this.pending.length >= (this.options.maxPendingEvents ?? DEFAULT_MAX_PENDING_EVENTS)) {
      this.dropped.inc();
      if (!this.overflowing)
        this.options.logger.warn('recording buffer full: events dropped until the disk catches up', {
          file: this.options.file,
        });
      this.overflowing = true;
      return;
    }
    this.overflowing = false;
    this.pending.push(variables);
    this.writing ??= this.drain();
  }

  /** Opens the file now, so that a path that cannot be written is reported at startup (throws). */
  async open(): Promise<void> {
    await this.openFile();
  }

  /** Writes what is queued and closes the file. */
  async close(): Promise<void> {
    await this.writing;
    await this.handle?.close().catch(() => undefined);
    this.handle = undefined;
  }

  private async drain(): Promise<void> {
    // Let the events of this turn of the event loop join the batch.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.pending.length > 0) {
      const events = this.pending;
      this.pending = [];
      const lines: string[] = [];
      for (let i = 0; i < events.length; i++) {
        lines.push(this.serialize(events[i] as SessionVariables));
        if (i % SLICE === SLICE - 1) await new Promise((resolve) => setImmediate(resolve));
      }
      try {
        await this.writeLines(lines);
        this.recorded.inc(lines.length);
      } catch (error) {
        this.writeErrors.inc();
        this.dropped.inc(lines.length);
        this.options.logger.error('cannot write the recording; events lost', {
          file: this.options.file,
          events: lines.length,
          error: (error as Error).message,
        });
        await this.handle?.close().catch(() => undefined);
        this.handle = undefined;
      }
    }
    this.writing = undefined;
  }

  private serialize(variables: SessionVariables): string {
    const redacted = this.options.redact === undefined ? variables : this.options.redact(variables);
    return encodeEventJson({ session_variables: redacted }) + '\n';
  }

  /** Appends lines, rotating at line boundaries when `maxBytes` would be passed. */
  private async writeLines(lines: readonly string[]): Promise<void> {
    const max = this.options.maxBytes;
    await this.openFile();
    let chunk = '';
    let chunkBytes = 0;
    for (const line of lines) {
      const bytes = Buffer.byteLength(line);
      if (max !== undefined && this.size + chunkBytes > 0 && this.size + chunkBytes + bytes > max) {
        await this.append(chunk);
        chunk = '';
        chunkBytes = 0;
        await this.rotate();
      }
      chunk += line;
      chunkBytes += bytes;
    }
    await this.append(chunk);
  }

  private async append(text: string): Promise<void> {
    if (text === '') return;
    const handle = await this.openFile();
    const buffer = Buffer.from(text, 'utf8');
    for (let offset = 0; offset < buffer.length;) {
      const { bytesWritten } = await handle.write(buffer, offset);
      offset += bytesWritten;
      this.size += bytesWritten;
    }
  }

  private async openFile(): Promise<FileHandle> {
    if (this.handle === undefined) {
      this.handle = await open(this.options.file, 'a');
      this.size = (await this.handle.stat()).size;
    }
    return this.handle;
  }

  private async rotate(): Promise<void> {
    await this.handle?.close();
    this.handle = undefined;
    this.part = (this.part ?? (await findLastPart(this.options.file))) + 1;
    await rotateRecording(this.options.file, this.part);
    this.size = 0;
  }
}
