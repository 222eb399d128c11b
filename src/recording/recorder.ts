import { encodeEventJson, type SessionVariables } from '../contract';
import type { Logger } from '../observability/logger';
import type { Counter, Metrics } from '../observability/metrics';
import type { Redactor } from './redact-variables';
import { NODE_RECORDING_FILE_SYSTEM, type RecordingFileSystem } from './recording-file-system';
import { RecordingWriter } from './recording-writer';
import { LossReport } from './report-losses';

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
  /** Bytes of events waiting or being written at most (names and values, as characters); beyond, dropped. */
  maxPendingBytes?: number;
  /** At most one log line about lost events per this many ms. */
  lossLogIntervalMs?: number;
  /** Defaults to node:fs. */
  fileSystem?: RecordingFileSystem;
}

/** About 20 MB of typical events (1 KB each). */
const DEFAULT_MAX_PENDING_EVENTS = 20_000;
/** Whatever the number of events, what waits for the disk stays below this. */
const DEFAULT_MAX_PENDING_BYTES = 64 * 1024 * 1024;
/** Events serialized between two turns of the event loop, so that a large batch never holds up answers. */
const SLICE = 256;

/**
 * `serve --record FILE`: appends every received event to a recording (JSON
 * Lines of `{"session_variables": {...}}`). `record` only queues the event:
 * serializing (and redacting) happens after it is answered, in slices, and
 * writes are batched and asynchronous, so answering an event never waits for
 * either. Events are never modified after decoding, so what is written is what
 * was received. A failed write (a full disk) loses its events, whole lines, and
 * is counted and logged (rate-limited); it never fails an event, and the next
 * batch tries again.
 */
export class Recorder {
  private pending: SessionVariables[] = [];
  private readonly writer: RecordingWriter;
  private readonly losses: LossReport;
  private writing: Promise<void> | undefined;
  private overflowing = false;
  /** Of the events queued and of the batch being written: released once its write is done. */
  private pendingBytes = 0;
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
    const fs = options.fileSystem ?? NODE_RECORDING_FILE_SYSTEM;
    this.writer = new RecordingWriter(options.file, fs, options.maxBytes);
    this.losses = new LossReport(options.logger, options.file, options.lossLogIntervalMs);
  }

  /** Queues one event; never throws, never waits. */
  record(variables: SessionVariables): void {
    const bytes = measureEvent(variables);
    if (
      this.pending.length >= (this.options.maxPendingEvents ?? DEFAULT_MAX_PENDING_EVENTS) ||
      this.pendingBytes + bytes > (this.options.maxPendingBytes ?? DEFAULT_MAX_PENDING_BYTES)
    ) {
      this.dropped.inc();
      if (!this.overflowing)
        this.options.logger.warn('recording buffer full: events dropped until the disk catches up', {
          file: this.options.file,
        });
      this.overflowing = true;
      return;
    }
    this.overflowing = false;
    this.pendingBytes += bytes;
    this.pending.push(variables);
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
    // Let the events of this turn of the event loop join the batch.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.pending.length > 0) {
      const events = this.pending;
      this.pending = [];
      let batchBytes = 0;
      const lines: string[] = [];
      for (let i = 0; i < events.length; i++) {
        batchBytes += measureEvent(events[i] as SessionVariables);
        lines.push(this.serialize(events[i] as SessionVariables));
        if (i % SLICE === SLICE - 1) await new Promise((resolve) => setImmediate(resolve));
      }
      const outcome = await this.writer.writeLines(lines);
      this.pendingBytes -= batchBytes;
      this.recorded.inc(outcome.written);
      if (outcome.error === undefined) {
        this.losses.noteSuccess();
        continue;
      }
      this.writeErrors.inc();
      this.dropped.inc(outcome.lost);
      this.losses.noteFailure(outcome.lost, outcome.error);
    }
    this.writing = undefined;
  }

  private serialize(variables: SessionVariables): string {
    const redacted = this.options.redact === undefined ? variables : this.options.redact(variables);
    return encodeEventJson({ session_variables: redacted }) + '\n';
  }
}

/** An event's size for the bound: the characters of its names and values (what its line will roughly hold). */
function measureEvent(variables: SessionVariables): number {
  let bytes = 0;
  for (const key in variables) bytes += key.length + (variables[key] as string).length;
  return bytes;
}
