import { startLatencyLoad } from './latency-load';
import type { LatencyJob } from './latency-client';
import { median, pairedRatio } from './measure';
import type { OpenLoopResult } from './open-loop';
import { check, judgeRatioGoal, type ResultRow, type RunOptions, type Suite } from './suite';
import { formatCount, formatRatio, printTable } from './table';
import { orderServers, SESSIONS, withTrafficPack, withTrafficServers, type Server } from './traffic-setup';
import { HTTP_TRANSPORT, IN_FLIGHT } from './traffic-transports';

interface Rounds {
  count: number;
  seconds: number;
  warmupSeconds: number;
  /** Requests per second. */
  rate: number;
}

const FULL: Rounds = { count: 8, seconds: 4, warmupSeconds: 4, rate: 2_000 };
const QUICK: Rounds = { count: 1, seconds: 1, warmupSeconds: 0, rate: 50 };
/** The client's own delay it may add at the 99th percentile before its round is left out, in ns. */
const LAG_LIMIT_NS = 1e6;
/** p99 may be at most 1.3 times the bare server's: bare ÷ rulehook ≥ 1 / 1.3. */
const P99_GOAL = 1 / 1.3;
const BASELINE = 'bare node:http process';

type Runs = Record<Server, OpenLoopResult[]>;

/**
 * `rulehook serve` (50 rules, memory store) and a bare node:http server, each
 * sent the same events at a fixed rate by a load generator in a process of
 * its own, open loop: latency runs from each request's scheduled time.
 */
export const latencySuite: Suite = {
  name: 'latency',
  title: 'rulehook serve with 50 rules vs a bare node:http process at a fixed 2,000 requests/s, open loop',
  run(options: RunOptions) {
    const rounds = options.quick ? QUICK : FULL;
    return withTrafficPack('latency', (rulesDir) =>
      withTrafficServers(HTTP_TRANSPORT, rulesDir, async (servers) => {
        const load = startLatencyLoad();
        try {
          const runs: Runs = { bare: [], rulehook: [] };
          const runRound = async (round: number, seconds: number, record: boolean): Promise<void> => {
            for (const server of orderServers(round)) {
              const job: LatencyJob = {
                port: servers[server].port,
                rate: rounds.rate,
                seconds,
                round,
                sessions: SESSIONS,
                connections: IN_FLIGHT,
                timeoutMs: 10_000,
                lagLimitNs: LAG_LIMIT_NS,
              };
              const result = await load.run(job);
              check(
                result.errors === 0 && result.timeouts === 0 && result.answered === result.planned,
                `latency (${server}, round ${round}): ${result.errors} errors and ${result.timeouts} timeouts in ${result.planned} requests; first: ${result.firstError}`,
              );
              if (record) runs[server].push(result);
            }
          };
          if (rounds.warmupSeconds > 0) await runRound(0, rounds.warmupSeconds, false);
          for (let round = 1; round <= rounds.count; round++) await runRound(round, rounds.seconds, true);
          printRounds(runs, rounds);
          return summarize(runs, rounds, options.quick);
        } finally {
          await load.stop();
        }
      }),
    );
  },
};

function printRounds(runs: Runs, rounds: Rounds): void {
  const ms = (value: number): string => value.toFixed(2);
  printTable(
    `latency: ${formatCount(rounds.rate)} requests/s for ${rounds.seconds} s per server and round, over ${IN_FLIGHT} keep-alive connections, open loop (ms from the scheduled send)`,
    ['round', 'server', 'sent req/s', 'p50', 'p99', 'p99.9', 'max', 'most in flight', 'client lag p99', ''],
    runs.bare.flatMap((_, i) =>
      orderServers(i + 1).map((server) => {
        const run = runs[server][i] as OpenLoopResult;
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
          run.behind ? 'client behind schedule' : '',
        ];
      }),
    ),
    2,
  );
}

/**
 * Latency reads as the convention's ratio directly (bare ÷ rulehook, per
 * percentile, paired round by round). A round where the load generator fell
 * behind its schedule measured the client too: it is left out, and said so,
 * except under `--quick`, where nothing counts.
 */
function summarize(runs: Runs, rounds: Rounds, quick: boolean): ResultRow[] {
  const kept = runs.bare
    .map((_, i) => i)
    .filter((i) => quick || !(runs.bare[i]?.behind || runs.rulehook[i]?.behind));
  check(
    kept.length > 0,
    `the load generator fell behind its schedule in every round (send lag p99 over ${LAG_LIMIT_NS / 1e6} ms or under 99% of the rate): the machine is too busy to measure latency`,
  );
  const left = runs.bare.length - kept.length;
  const note = left === 0 ? '' : `; ${left} of ${runs.bare.length} rounds left out (client behind schedule)`;
  const pick = (server: Server, p: 'p50' | 'p99'): number[] =>
    kept.map((i) => (runs[server][i] as OpenLoopResult).latency[p]);
  const row = (p: 'p50' | 'p99'): ResultRow => {
    const ratio = pairedRatio(pick('bare', p), pick('rulehook', p));
    console.log(`latency ${p}: bare ÷ rulehook ${formatRatio(ratio)}`);
    return {
      path: 'http-open-loop',
      subject: `rulehook serve, 50 rules: ${p} latency at a fixed rate`,
      baseline: BASELINE,
      ratio,
      figures: `${median(pick('rulehook', p)).toFixed(2)} vs ${median(pick('bare', p)).toFixed(2)} ms at ${formatCount(rounds.rate)} req/s${note}`,
    };
  };
  console.log('');
  const p99 = row('p99');
  return [{ ...p99, ...judgeRatioGoal(p99.ratio as NonNullable<ResultRow['ratio']>, P99_GOAL) }, row('p50')];
}
