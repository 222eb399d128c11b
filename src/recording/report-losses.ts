import type { Logger } from '../observability/logger';

/** Log lines about lost events at most this often: a full disk fails every batch. */
export const DEFAULT_LOSS_LOG_INTERVAL_MS = 10_000;

/**
 * Logs events lost to failed writes, rate-limited: the first failure at once,
 * then at most one line per interval, each with `lost`, the number of events
 * lost since the previous line, and one line once writes succeed again
 * (`recording resumed`, with what was lost since the previous line).
 */
export class LossReport {
  private lostSinceLine = 0;
  private failing = false;
  /** Whether the last line said that writes fail. */
  private saidFailing = false;
  private lastLineAt = Number.NEGATIVE_INFINITY;
  private timer: NodeJS.Timeout | undefined;
  private lastError = '';

  constructor(
    private readonly logger: Logger,
    private readonly file: string,
    private readonly intervalMs = DEFAULT_LOSS_LOG_INTERVAL_MS,
    private readonly now: () => number = Date.now,
    /** What the file is, in the lines: `recording`, `decision log`. */
    private readonly name = 'recording',
  ) {}

  /** A write failed and lost `events` events. */
  noteFailure(events: number, error: Error): void {
    this.lostSinceLine += events;
    this.failing = true;
    this.lastError = error.message;
    this.report();
  }

  /** A write succeeded. */
  noteSuccess(): void {
    this.failing = false;
    if (this.saidFailing || this.lostSinceLine > 0) this.report();
  }

  /** Writes what is still unsaid now (at close). */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.failing || this.saidFailing || this.lostSinceLine > 0) this.writeLine();
  }

  private report(): void {
    const wait = this.lastLineAt + this.intervalMs - this.now();
    if (wait <= 0) {
      this.writeLine();
      return;
    }
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.writeLine();
    }, wait).unref();
  }

  private writeLine(): void {
    const fields = { file: this.file, lost: this.lostSinceLine };
    if (this.failing) {
      this.logger.error(`cannot write the ${this.name}; events lost`, { ...fields, error: this.lastError });
    } else {
      this.logger.warn(`${this.name} resumed`, fields);
    }
    this.saidFailing = this.failing;
    this.lostSinceLine = 0;
    this.lastLineAt = this.now();
  }
}
