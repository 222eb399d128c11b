import type { LogFields, Logger } from './logger';

/**
 * One warning that may recur on every event (a store outage, a client sending
 * bad state): logged at most once per interval, each line saying how many
 * occurrences were left out since the previous one, so an outage costs a few
 * log lines, not one per event, and nothing is hidden.
 */
export class RateLimitedLog {
  private last = -Infinity;
  private suppressed = 0;

  constructor(
    private readonly logger: Logger,
    private readonly level: 'warn' | 'error',
    private readonly message: string,
    private readonly intervalMs = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  log(fields: LogFields = {}): void {
    const now = this.now();
    if (now - this.last < this.intervalMs) {
      this.suppressed++;
      return;
    }
    const extra = this.suppressed > 0 ? { suppressed: this.suppressed } : {};
    this.logger[this.level](this.message, { ...fields, ...extra });
    this.last = now;
    this.suppressed = 0;
  }
}
