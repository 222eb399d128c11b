import { median, pairedRatio } from './measure';
import type { OpenLoopResult } from './open-loop';
import { check, judgeRatioGoal, type ResultRow } from './suite';
import { formatCount, formatRatio, printTable } from './table';
import { orderServers, type Server } from './traffic-setup';

/** One server's run: what the client measured, and how long the server waited for a CPU meanwhile. */
export interface Run extends OpenLoopResult {
  cpuWaitMs: number;
}

/** The runs of each server, in round order (index i is round i + 1). */
export type Runs = Record<Server, Run[]>;

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
 * schedule for either server measured the client (or the machine) too.
 */
export function isKept(runs: Runs, i: number, plan: Plan): boolean {
  return plan.quick || !(runs.bare[i]?.behind === true || runs.rulehook[i]?.behind === true);
}

export function printRounds(runs: Runs, plan: Plan): void {
  const ms = (value: number): string => value.toFixed(2);
  printTable(
    `latency: ${formatCount(plan.rate)} requests/s for ${plan.seconds} s per server and round, over ${plan.connections} keep-alive connections, open loop (ms from the scheduled send; server CPU wait in ms)`,
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
      orderServers(i + 1).map((server) => {
        const run = runs[server][i] as Run;
        return [
          String(i + 1),
          server,
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

/**
 * Latency reads as the convention's ratio directly: bare ÷ rulehook per
 * percentile, paired round by round, over the rounds kept.
 */
export function summarize(runs: Runs, plan: Plan): ResultRow[] {
  const kept = runs.bare.map((_, i) => i).filter((i) => isKept(runs, i, plan));
  check(
    kept.length > 0,
    'the load generator fell behind its schedule in every round (send lag p99 over 1 ms or under 99% of the rate): the machine is too busy to measure latency',
  );
  const left = runs.bare.length - kept.length;
  const note = left === 0 ? '' : `; ${left} of ${runs.bare.length} rounds left out (client behind schedule)`;
  const pick = (server: Server, p: 'p50' | 'p99'): number[] =>
    kept.map((i) => (runs[server][i] as Run).latency[p]);
  const row = (p: 'p50' | 'p99'): ResultRow => {
    const ratio = pairedRatio(pick('bare', p), pick('rulehook', p));
    console.log(
      `latency ${p}: bare ÷ rulehook ${formatRatio(ratio)} over ${kept.length} round${kept.length === 1 ? '' : 's'}`,
    );
    return {
      path: 'http-open-loop',
      subject: `rulehook serve, 50 rules: ${p} latency at a fixed rate`,
      baseline: 'bare node:http process',
      ratio,
      figures: `${median(pick('rulehook', p)).toFixed(2)} vs ${median(pick('bare', p)).toFixed(2)} ms at ${formatCount(plan.rate)} req/s${note}`,
    };
  };
  console.log('');
  const p99 = row('p99');
  return [{ ...p99, ...judgeRatioGoal(p99.ratio as NonNullable<ResultRow['ratio']>, P99_GOAL) }, row('p50')];
}
