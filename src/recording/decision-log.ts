import { encodeDecisionLine, type EventDecision, type LogMask } from '../contract/decision-line';
import type { Logger } from '../observability/logger';
import type { Metrics } from '../observability/metrics';
import { BufferedLineFile } from './buffered-line-file';
import { measureVariables } from './recorder';
import type { RecordingFileSystem } from './recording-file-system';

export interface DecisionLogOptions {
  /** Absolute path of the decision log; appended to. */
  file: string;
  /** Rotate once the file would grow beyond this many bytes. */
  maxBytes?: number;
  /** Masks personal data (`--mask`) in the event and the response (createLogMask). */
  mask?: LogMask;
  logger: Logger;
  metrics: Metrics;
  /** Decisions waiting to be written at most; beyond, dropped (and counted), never waited for. */
  maxPendingDecisions?: number;
  lossLogIntervalMs?: number;
  /** Defaults to node:fs. */
  fileSystem?: RecordingFileSystem;
}

/**
 * `serve --decision-log FILE`: one JSON line per event answered (encodeDecisionLine), whose
 * `session_variables` make it a recording `rulehook replay` reads. `add` only queues the decision;
 * masking, serializing and writing happen after the answer, bounded, whole lines only, rotated like
 * `--record` (BufferedLineFile).
 */
export class DecisionLog {
  private readonly lines: BufferedLineFile<EventDecision>;

  constructor(options: DecisionLogOptions) {
    const m = options.metrics;
    const mask = options.mask;
    this.lines = new BufferedLineFile({
      file: options.file,
      name: 'decision log',
      serialize: (decision) => encodeDecisionLine(decision, mask),
      // The response is small next to the event (a few updates and actions): the event bounds it.
      measure: (decision) => measureVariables(decision.variables),
      counters: {
        written: m.counter('rulehook_decisions_logged_total', 'Decisions written to the --decision-log.'),
        writeErrors: m.counter(
          'rulehook_decision_log_write_errors_total',
          'Failed writes to the --decision-log.',
        ),
        dropped: m.counter(
          'rulehook_decision_log_dropped_total',
          'Decisions not logged: the write buffer was full, or their write failed.',
        ),
      },
      logger: options.logger,
      ...(options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes }),
      ...(options.maxPendingDecisions === undefined ? {} : { maxPendingItems: options.maxPendingDecisions }),
      ...(options.lossLogIntervalMs === undefined ? {} : { lossLogIntervalMs: options.lossLogIntervalMs }),
      ...(options.fileSystem === undefined ? {} : { fileSystem: options.fileSystem }),
    });
  }

  /** Queues one decision; never throws, never waits. */
  log(decision: EventDecision): void {
    this.lines.add(decision);
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
