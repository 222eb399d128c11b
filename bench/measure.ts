import { hrtime } from 'node:process';

/** What one round may report besides its wall time. */
export interface RoundReport {
  /** Time the server's event loop was busy during the round, in ns (hosts only). */
  busyNs?: number;
}

/** Something to time: `run(n)` performs n operations (evaluations, requests). */
export interface Subject {
  label: string;
  run(operations: number): void | RoundReport | Promise<void | RoundReport>;
}

export interface MeasureOptions {
  /** Measured rounds per subject. */
  rounds: number;
  /** Rounds run first and thrown away (JIT, caches, connection pools). */
  warmupRounds: number;
  /** Operations per round: a number for all subjects, or calibrated per subject to last about `roundMs`. */
  operations: number | { roundMs: number };
}

/** Per-round figures of one subject, in round order. */
export interface Measured {
  label: string;
  operationsPerRound: number;
  nsPerOp: number[];
  /** Present when the subject reports a busy time. */
  busyNsPerOp: number[] | undefined;
}

/** A ratio of per-round figures, subject ÷ baseline, paired round by round. */
export interface Ratio {
  /** Median of the per-round ratios: a noisy round slows both sides of its pair, so the ratio survives it. */
  median: number;
  /** First and third quartiles of the per-round ratios: how far to trust the median. */
  q1: number;
  q3: number;
}

/** One subject summarized against the baseline (the first subject). */
export interface Summary {
  label: string;
  /** Median over the rounds. */
  nsPerOp: number;
  opsPerSec: number;
  /** Median absolute deviation of ns/op over the rounds, relative to the median. */
  noise: number;
  /** Time per operation, subject ÷ baseline (1 = as costly; for the baseline itself, 1). */
  cost: Ratio;
  busyNsPerOp: number | undefined;
  /** Server busy time per operation, subject ÷ baseline, when both report it. */
  busyCost: Ratio | undefined;
}

/**
 * Times every subject over several rounds, interleaved: each round runs every
 * subject once, in an order rotated from one round to the next, so that machine
 * noise (other processes, frequency changes, GC of a neighbour) hits baseline
 * and subjects alike instead of one of them.
 */
export async function measure(subjects: readonly Subject[], options: MeasureOptions): Promise<Measured[]> {
  const operations: number[] = [];
  for (const subject of subjects) {
    operations.push(
      typeof options.operations === 'number'
        ? options.operations
        : await calibrate(subject, options.operations.roundMs),
    );
  }
  const results: Measured[] = subjects.map((subject, i) => ({
    label: subject.label,
    operationsPerRound: operations[i] as number,
    nsPerOp: [],
    busyNsPerOp: undefined,
  }));
  for (let round = 0; round < options.warmupRounds + options.rounds; round++) {
    for (let k = 0; k < subjects.length; k++) {
      const i = (k + round) % subjects.length;
      const subject = subjects[i] as Subject;
      const result = results[i] as Measured;
      const n = result.operationsPerRound;
      const { ns, report } = await timeRun(subject, n);
      if (round < options.warmupRounds) continue;
      result.nsPerOp.push(ns / n);
      if (report?.busyNs !== undefined) (result.busyNsPerOp ??= []).push(report.busyNs / n);
    }
  }
  return results;
}

/** Summaries with ratios against `results[0]`, paired round by round. */
export function summarize(results: readonly Measured[]): Summary[] {
  const baseline = results[0];
  if (baseline === undefined) return [];
  return results.map((r) => {
    const nsPerOp = median(r.nsPerOp);
    return {
      label: r.label,
      nsPerOp,
      opsPerSec: 1e9 / nsPerOp,
      noise: medianAbsoluteDeviation(r.nsPerOp) / nsPerOp,
      cost: pairedRatio(r.nsPerOp, baseline.nsPerOp),
      busyNsPerOp: r.busyNsPerOp === undefined ? undefined : median(r.busyNsPerOp),
      busyCost:
        r.busyNsPerOp === undefined || baseline.busyNsPerOp === undefined
          ? undefined
          : pairedRatio(r.busyNsPerOp, baseline.busyNsPerOp),
    };
  });
}

/** Finds how many operations make a round last about `roundMs`; warms the subject up on the way. */
async function calibrate(subject: Subject, roundMs: number): Promise<number> {
  let n = 1;
  for (;;) {
    const { ns } = await timeRun(subject, n);
    const ms = ns / 1e6;
    if (ms >= roundMs / 8 || n >= 1 << 24) return Math.max(1, Math.round((n * roundMs) / Math.max(ms, 1e-3)));
    n *= ms < roundMs / 100 ? 8 : 2;
  }
}

async function timeRun(subject: Subject, n: number): Promise<{ ns: number; report: RoundReport | void }> {
  const start = hrtime.bigint();
  const report = await subject.run(n);
  return { ns: Number(hrtime.bigint() - start), report };
}

export function median(values: readonly number[]): number {
  return quantile(values, 0.5);
}

/** The q-quantile, interpolating between the two nearest values. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const low = sorted[Math.floor(at)] as number;
  const high = sorted[Math.ceil(at)] as number;
  return low + (high - low) * (at - Math.floor(at));
}

function medianAbsoluteDeviation(values: readonly number[]): number {
  const m = median(values);
  return median(values.map((v) => Math.abs(v - m)));
}

/** Subject ÷ baseline, round by round (round i of both ran in the same interleaved round). */
export function pairedRatio(subject: readonly number[], baseline: readonly number[]): Ratio {
  const n = Math.min(subject.length, baseline.length);
  const ratios: number[] = [];
  for (let i = 0; i < n; i++) ratios.push((subject[i] as number) / (baseline[i] as number));
  return { median: median(ratios), q1: quantile(ratios, 0.25), q3: quantile(ratios, 0.75) };
}

/** Baseline ÷ subject per operation, paired round by round: the summary's direction (above 1: subject cheaper). */
export function compareWithBaseline(subject: Measured, baseline: Measured): Ratio {
  const cost = pairedRatio(subject.nsPerOp, baseline.nsPerOp);
  return { median: 1 / cost.median, q1: 1 / cost.q3, q3: 1 / cost.q1 };
}

/** `12.3 µs vs 9.1 µs`-style figures need the medians: this is the one of a subject's rounds. */
export function medianNsPerOp(measured: Measured): number {
  return median(measured.nsPerOp);
}

/**
 * Several cases' ratios as one: the geometric mean of their medians (ratios
 * multiply, so their mean is geometric), with no quartiles, and the range of
 * the medians.
 */
export function combineRatios(ratios: readonly Ratio[]): { ratio: Ratio; min: number; max: number } {
  const medians = ratios.map((r) => r.median);
  const mean = Math.exp(medians.reduce((sum, m) => sum + Math.log(m), 0) / medians.length);
  return {
    ratio: { median: mean, q1: mean, q3: mean },
    min: Math.min(...medians),
    max: Math.max(...medians),
  };
}
