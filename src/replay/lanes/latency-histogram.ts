/** Buckets grow by 2%: a percentile is reported within 2% of the true value. */
const GROWTH = 1.02;
const LOG_GROWTH = Math.log(GROWTH);

/**
 * Latencies in logarithmic buckets: constant memory however many requests,
 * percentiles within 2%. Values are milliseconds.
 */
export class LatencyHistogram {
  private readonly buckets = new Map<number, number>();
  count = 0;
  min = Infinity;
  max = 0;
  private sum = 0;

  record(ms: number): void {
    const us = Math.max(ms * 1000, 1);
    const bucket = Math.ceil(Math.log(us) / LOG_GROWTH);
    this.buckets.set(bucket, (this.buckets.get(bucket) ?? 0) + 1);
    this.count++;
    this.sum += ms;
    if (ms < this.min) this.min = ms;
    if (ms > this.max) this.max = ms;
  }

  get mean(): number {
    return this.count === 0 ? 0 : this.sum / this.count;
  }

  /** The latency under which `p` percent of the requests were answered (0 when none). */
  percentile(p: number): number {
    if (this.count === 0) return 0;
    const rank = Math.max(1, Math.ceil((p / 100) * this.count));
    let seen = 0;
    for (const bucket of [...this.buckets.keys()].sort((a, b) => a - b)) {
      seen += this.buckets.get(bucket) as number;
      if (seen >= rank) return Math.min(this.max, Math.max(this.min, GROWTH ** bucket / 1000));
    }
    return this.max;
  }
}
