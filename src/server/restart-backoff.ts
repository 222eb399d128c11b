export interface RestartBackoffSettings {
  /** Delay before replacing the first worker that died, ms. */
  initialMs: number;
  /** Longest delay, ms: the delay doubles with each quick death up to this. */
  maxMs: number;
  /** A worker that ran at least this long was not crash-looping: its death starts the delays over, ms. */
  stableMs: number;
}

export const DEFAULT_RESTART_BACKOFF: RestartBackoffSettings = {
  initialMs: 100,
  maxMs: 30_000,
  stableMs: 10_000,
};

/**
 * Delays before replacing dead workers: 100 ms, doubling with each worker that
 * dies soon after it started (a crash loop: a port taken, a fault at startup),
 * up to 30 s; a worker that had stayed up 10 s starts over at 100 ms. One
 * sequence for all workers: a loop is the cluster's, whichever worker dies.
 */
export class RestartBackoff {
  private quickDeaths = 0;

  constructor(private readonly settings: RestartBackoffSettings = DEFAULT_RESTART_BACKOFF) {}

  /** The delay before replacing a worker that died after running `uptimeMs`. */
  delayAfter(uptimeMs: number): number {
    const { initialMs, maxMs, stableMs } = this.settings;
    if (uptimeMs >= stableMs) this.quickDeaths = 0;
    const delay = Math.min(initialMs * 2 ** this.quickDeaths, maxMs);
    if (delay < maxMs) this.quickDeaths++;
    return delay;
  }
}
