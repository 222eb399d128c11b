import { combineRatios, type MeasureOptions, type Ratio } from './measure';
import { formatRatio } from './table';

/** How a suite is run: `--quick` proves every suite runs and its sanity checks hold, and times nothing that counts. */
export interface RunOptions {
  quick: boolean;
}

/**
 * One line of the summary table (and of `bench/results/latest.json`). The
 * ratio is always **baseline time ÷ subject time**, paired round by round:
 * above 1 the subject is cheaper than its baseline, below 1 costlier. Goals
 * are stated in the same direction (`≥ 0.70x`), or as an absolute bound on an
 * absolute figure (`≤ 4,096 B/session`).
 */
export interface ResultRow {
  /** The code path measured: `evaluate`, `http`, `grpc`, `decode`, `filter`, `store`, `replay`, … */
  path: string;
  subject: string;
  baseline: string;
  /** Absent when the figure is absolute (memory). */
  ratio?: Ratio;
  /** An absolute figure the goal is about, when the goal is not a ratio (bytes per session, events/s). */
  measured?: { value: number; unit: string };
  /** The absolute figures behind the row, for reading: `12.3 µs vs 9.1 µs`. */
  figures?: string;
  goal?: string;
  met?: boolean;
}

/** One benchmark suite of `npm run bench`; it prints its own detail tables and returns its summary rows. */
export interface Suite {
  /** Kebab-case name, as given on the command line: `npm run bench -- rules-index`. */
  name: string;
  /** One line saying what is compared with what. */
  title: string;
  run(options: RunOptions): Promise<ResultRow[]>;
}

/** Fails the run when a subject does not do what the suite claims to measure. */
export function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(`benchmark sanity check failed: ${message}`);
}

/**
 * The measure options of a full run, or under `--quick` three short rounds
 * without warm-up (quartiles still defined): enough to run every subject, not to time it.
 */
export function chooseRounds(options: RunOptions, full: MeasureOptions): MeasureOptions {
  if (!options.quick) return full;
  const operations =
    typeof full.operations === 'number' ? Math.max(1, Math.ceil(full.operations / 100)) : { roundMs: 1 };
  return { rounds: 3, warmupRounds: 0, operations };
}

/** A ratio goal, `≥ goal` (baseline time ÷ subject time): its text and whether the median meets it. */
export function judgeRatioGoal(ratio: Ratio, goal: number): Pick<ResultRow, 'goal' | 'met'> {
  return { goal: `≥ ${goal.toFixed(2)}x`, met: ratio.median >= goal };
}

/** One row for several cases (patterns, globs): the geometric mean of their ratios, their range in `figures`. */
export function summarizeCases(
  row: Pick<ResultRow, 'path' | 'subject' | 'baseline'>,
  ratios: readonly Ratio[],
  cases: string,
): ResultRow {
  const { ratio, min, max } = combineRatios(ratios);
  return {
    ...row,
    ratio,
    figures: `geometric mean over ${ratios.length} ${cases}, each ${formatRatio({ median: min, q1: min, q3: min })}–${formatRatio({ median: max, q1: max, q3: max })}`,
  };
}
