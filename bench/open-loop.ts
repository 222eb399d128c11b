import { createHistogram, type RecordableHistogram } from 'node:perf_hooks';

/** A fixed schedule: request i is due i ÷ rate seconds after the start, whatever became of the others. */
export interface OpenLoopPlan {
  /** Requests per second. */
  rate: number;
  seconds: number;
  /**
   * The client is behind its schedule when the 99th percentile of its send lag
   * exceeds this, in ns: beyond it, the client's own delay would show in the latencies.
   */
  lagLimitNs: number;
}

/** Percentiles of a histogram of durations, in ms; NaN when nothing was recorded. */
export interface Percentiles {
  p50: number;
  p99: number;
  p999: number;
  max: number;
}

/** What one open-loop run measured. */
export interface OpenLoopResult {
  planned: number;
  sent: number;
  /** Answered as the check wanted. */
  answered: number;
  /** Answered otherwise, or failed on the connection. */
  errors: number;
  /** Still unanswered when the run gave up waiting. */
  timeouts: number;
  firstError: string | undefined;
  /** Sent ÷ (time of the last send + one interval), per second: the planned rate when the client kept up. */
  sendRate: number;
  /** From each request's scheduled send time to the end of its answer. */
  latency: Percentiles;
  /** From each request's scheduled send time to when the client sent it: the client's own delay. */
  sendLag: Percentiles;
  /** Most requests awaiting their answers at once (those waiting for a free connection included). */
  maxInFlight: number;
  /** The client did not keep its schedule (send lag over the limit, or the rate under 99% of the plan). */
  behind: boolean;
}

/** Whole ns ≥ 1, as histograms record. */
function toRecordable(ns: number): number {
  return Math.max(1, Math.round(ns));
}

function readPercentiles(histogram: RecordableHistogram): Percentiles {
  if (histogram.count === 0) return { p50: NaN, p99: NaN, p999: NaN, max: NaN };
  const ms = (ns: number): number => ns / 1e6;
  return {
    p50: ms(histogram.percentile(50)),
    p99: ms(histogram.percentile(99)),
    p999: ms(histogram.percentile(99.9)),
    max: ms(histogram.max),
  };
}

/**
 * The bookkeeping of an open-loop run, apart from any clock or socket: times
 * are ns since the start of the schedule, given by the caller. A request's
 * latency runs from its scheduled time, not from when it was sent, so that a
 * server that stalls is charged for the queue it causes (no coordinated
 * omission); how late the client itself sent each request is kept apart, to
 * tell whether the client kept its schedule.
 */
export class OpenLoopAccount {
  readonly planned: number;
  private readonly intervalNs: number;
  private readonly latency = createHistogram();
  private readonly lag = createHistogram();
  private readonly pending = new Set<number>();
  private nextToSend = 0;
  private lastSendNs = 0;
  private maxInFlight = 0;
  private answered = 0;
  private errors = 0;
  private timeouts = 0;
  private firstError: string | undefined;

  constructor(private readonly plan: OpenLoopPlan) {
    this.planned = Math.max(1, Math.round(plan.rate * plan.seconds));
    this.intervalNs = 1e9 / plan.rate;
  }

  scheduledNs(request: number): number {
    return request * this.intervalNs;
  }

  /** The requests due by `nowNs` and not sent yet, in order; each counts as sent at `nowNs`. */
  takeDue(nowNs: number): number[] {
    const due: number[] = [];
    while (this.nextToSend < this.planned && this.scheduledNs(this.nextToSend) <= nowNs) {
      const request = this.nextToSend++;
      this.lag.record(toRecordable(nowNs - this.scheduledNs(request)));
      this.pending.add(request);
      due.push(request);
    }
    if (due.length > 0) this.lastSendNs = nowNs;
    this.maxInFlight = Math.max(this.maxInFlight, this.pending.size);
    return due;
  }

  /** ns from `nowNs` until the next request is due (≤ 0: due already); undefined once all are sent. */
  untilNextNs(nowNs: number): number | undefined {
    return this.nextToSend < this.planned ? this.scheduledNs(this.nextToSend) - nowNs : undefined;
  }

  /** Every request sent and settled. */
  isDone(): boolean {
    return this.nextToSend === this.planned && this.pending.size === 0;
  }

  /** The requests sent and not settled yet. */
  unsettled(): number[] {
    return [...this.pending];
  }

  /** A request answered as wanted at `nowNs`; false (and nothing counted) if it was settled already. */
  answer(request: number, nowNs: number): boolean {
    if (!this.pending.delete(request)) return false;
    this.answered++;
    this.latency.record(toRecordable(nowNs - this.scheduledNs(request)));
    return true;
  }

  /** A request failed (`error`) or given up on (`timeout`); false if it was settled already. */
  fail(request: number, kind: 'error' | 'timeout', message: string): boolean {
    if (!this.pending.delete(request)) return false;
    if (kind === 'error') this.errors++;
    else this.timeouts++;
    this.firstError ??= `request ${request}: ${message}`;
    return true;
  }

  result(): OpenLoopResult {
    const sent = this.nextToSend;
    const sendRate = sent === 0 ? 0 : sent / ((this.lastSendNs + this.intervalNs) / 1e9);
    const sendLag = readPercentiles(this.lag);
    return {
      planned: this.planned,
      sent,
      answered: this.answered,
      errors: this.errors,
      timeouts: this.timeouts,
      firstError: this.firstError,
      sendRate,
      latency: readPercentiles(this.latency),
      sendLag,
      maxInFlight: this.maxInFlight,
      behind:
        sent < this.planned ||
        sendRate < 0.99 * this.plan.rate ||
        !(sendLag.p99 * 1e6 <= this.plan.lagLimitNs),
    };
  }
}
