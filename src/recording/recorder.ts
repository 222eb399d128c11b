import { encodeEventJson } from '../contract/event-json';
import type { SessionVariables } from '../contract/types';
import type { Logger } from '../observability/logger';
import type { Metrics } from '../observability/metrics';
import { BufferedLineFile } from './buffered-line-file';
import type { Redactor } from './redact-variables';
import type { RecordingFileSystem } from './recording-file-system';

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

/**
 * `serve --record FILE`: appends every received event to a recording (JSON
 * Lines of `{"session_variables": {...}}`). `record` only queues the event:
 * serializing (and redacting) happens after it is answered, and writes are
 * batched and asynchronous (BufferedLineFile). Events are never modified after
 * decoding, so what is written is what was received.
 */
export class Recorder {
  private readonly lines: BufferedLineFile<SessionVariables>;

  constructor(options: RecorderOptions) {
    const m = options.metrics;
    const redact = options.redact;
    this.lines = new BufferedLineFile({
      file: options.file,
      name: 'recording',
      serialize: (variables) =>
        encodeEventJson({ session_variables: redact === undefined ? variables : redact(variables) }) + '\n',
      measure: measureVariables,
      counters: {
        written: m.counter('rulehook_recorded_events_total', 'Events written to the --record recording.'),
        writeErrors: m.counter(
          'rulehook_recording_write_errors_total',
          'Failed writes to the --record recording.',
        ),
        dropped: m.counter(
          'rulehook_recording_dropped_events_total',
          'Events not recorded: the write buffer was full, or their write failed.',
        ),
      },
      logger: options.logger,
      ...(options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes }),
      ...(options.maxPendingEvents === undefined ? {} : { maxPendingItems: options.maxPendingEvents }),
      ...(options.maxPendingBytes === undefined ? {} : { maxPendingBytes: options.maxPendingBytes }),
      ...(options.lossLogIntervalMs === undefined ? {} : { lossLogIntervalMs: options.lossLogIntervalMs }),
      ...(options.fileSystem === undefined ? {} : { fileSystem: options.fileSystem }),
    });
  }

  /** Queues one event; never throws, never waits. */
  record(variables: SessionVariables): void {
    this.lines.add(variables);
  }

  /** Opens the file now, so that a path that cannot be written is reported at startup (throws). */
  open(): Promise<void> {
    return this.lines.open();
  }

  /** Writes what is queued, closes the file, and logs losses not logged yet. */
  close(): Promise<void> {
    return this.lines.close();
  }
}

/** An event's size for the bound: the characters of its names and values (what its line will roughly hold). */
export function measureVariables(variables: SessionVariables): number {
  let bytes = 0;
  for (const key in variables) bytes += key.length + (variables[key] as string).length;
  return bytes;
}
