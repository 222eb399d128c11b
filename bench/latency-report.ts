import { median, pairedRatio } from './measure';
import type { OpenLoopResult } from './open-loop';
import { judgeRatioGoal, type ResultRow } from './suite';
import { formatCount, printTable } from './table';

/** The servers of the suite: the bare one, rulehook as it starts, and rulehook with the recommended V8 settings. */
export const LATENCY_SERVERS = ['bare', 'rulehook', 'tuned'] as const;
export type LatencyServer = (typeof LATENCY_SERVERS)[number];

/** The node flags `tuned` runs with, before the CLI's script: docs/operations.md recommends them. */
export const TUNED_NODE_ARGS = ['--min-semi-space-size=16', '--no-parallel-scavenge'] as const;

/** How the table and the rows name each server. */
const LABELS: Record<LatencyServer, string> = {
  bare: 'bare',
  rulehook: 'rulehook',
  tuned: 'rulehook, GC flags',
};

/**
 * The order of round `round` (0 = warm-up): rotated by one each round, so that
 * each server runs first, second and last in turn.
 */
export function orderLatencyServers(round: number): LatencyServer[] {
  return LATENCY_SERVERS.map(
    (_, k) => LATENCY_SERVERS[(k + round) % LATENCY_SERVERS.length] as LatencyServer,
  );
}

/** One server's run: what the client measured, and how long the server waited for a CPU meanwhile. */
export interface Run extends OpenLoopResult {
  cpuWaitMs: number;
}

/** The runs of each server, in round order (index i is round i + 1). */
export type Runs = Record<LatencyServer, Run[]>;

/** What the report needs to know of the plan. */
export interface Plan {
  rate: number;
  seconds: number;
  connections: number;
  /** Under `--quick` no round is left out: nothing counts. */
  quick: boolean;
}

/** p99 may be at most 1.3 times the bare server's: bare ÷ rulehook ≥ 1 / 1.3. */
const P99_GOAL = 1 / 1.3;

/**
 * Whether round `i` counts: a round where the load generator fell behind its
 * schedule for any server measured the client (or the machine) too.
 */
export function isKept(runs: Runs, i: number, plan: Plan): boolean {
  return plan.quick || LATENCY_SERVERS.every((server) => runs[server][i]?.behind !== true);
}

export function printRounds(runs: Runs, plan: Plan): void {
  const ms = (value: number): string => value.toFixed(2);
  printTable(
    `latency: ${formatCount(plan.rate)} requests/s for ${plan.seconds} s per server and round, over ${plan.connections} keep-alive connections, open loop (ms from the scheduled send; server CPU wait in ms); GC flags: ${TUNED_NODE_ARGS.join(' ')}`,
    [
      'round',
      'server',
      'sent req/s',
      'p50',
      'p99',
      'p99.9',
      'max',
      'most in flight',
      'client lag p99',
      'server CPU wait',
      '',
    ],
    runs.bare.flatMap((_, i) =>
      orderLatencyServers(i + 1).map((server) => {
        const run = runs[server][i] as Run;
        return [
          String(i + 1),
          LABELS[server],
          formatCount(run.sendRate),
          ms(run.latency.p50),
          ms(run.latency.p99),
          ms(run.latency.p999),
          ms(run.latency.max),
          String(run.maxInFlight),
          ms(run.sendLag.p99),
          run.cpuWaitMs.toFixed(0),
          run.behind ? 'client behind schedule' : '',
        ];
      }),
    ),
    2,
  );
}

/** Which rounds the rows are about, and what the figures say of the others. */
function chooseRounds(runs: Runs, plan: Plan): { rounds: number[]; note: string; judged: boolean } {
  const all = runs.bare.map((_, i) => i);
  const kept = all.filter((i) => isKept(runs, i, plan));
  if (kept.length === 0)
    return {
      rounds: all,
      note: `; all ${all.length} rounds client behind schedule: not judged`,
      judged: false,
    };
  const left = all.length - kept.length;
  return {
    rounds: kept,
    note: left === 0 ? '' : `; ${left} of ${all.length} rounds left out (client behind schedule)`,
    judged: true,
  };
}

/**
 * Latency reads as the convention's ratio directly: bare ÷ rulehook per
 * percentile, paired round by round, over the rounds kept. Rows: p99 of
 * rulehook as it starts and with the GC flags (both with the goal, unless no
 * round was on schedule), p50 of the first.
 */
export function summarize(runs: Runs, plan: Plan): ResultRow[] {
  const { rounds, note, judged } = chooseRounds(runs, plan);
  const pick = (server: LatencyServer, p: 'p50' | 'p99'): number[] =>
    rounds.map((i) => (runs[server][i] as Run).latency[p]);
  const row = (server: 'rulehook' | 'tuned', p: 'p50' | 'p99'): ResultRow => {
    const ratio = pairedRatio(pick('bare', p), pick(server, p));
    const settings = server === 'tuned' ? ', recommended GC flags' : '';
    return {
      path: 'http-open-loop',
      subject: `rulehook serve, 50 rules${settings}: ${p} latency at a fixed rate`,
      baseline: 'bare node:http process',
      ratio,
      figures: `${median(pick(server, p)).toFixed(2)} vs ${median(pick('bare', p)).toFixed(2)} ms at ${formatCount(plan.rate)} req/s${note}`,
    };
  };
  const withGoal = (r: ResultRow): ResultRow =>
    judged ? { ...r, ...judgeRatioGoal(r.ratio as NonNullable<ResultRow['ratio']>, P99_GOAL) } : r;
  return [withGoal(row('rulehook', 'p99')), withGoal(row('tuned', 'p99')), row('rulehook', 'p50')];
}
