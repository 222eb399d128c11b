import { startLatencyLoad, type LatencyLoad } from './latency-load';
import {
  isKept,
  orderLatencyServers,
  printRounds,
  summarize,
  TUNED_NODE_ARGS,
  type LatencyServer,
  type Plan,
  type Runs,
} from './latency-report';
import type { Ratio } from './measure';
import { check, type ResultRow, type RunOptions, type Suite } from './suite';
import { formatRatio } from './table';
import type { ServerProcess } from './traffic-servers';
import { QUICK_SESSIONS, SESSIONS, withTrafficPack, withTrafficServers } from './traffic-setup';
import { HTTP_TRANSPORT, IN_FLIGHT } from './traffic-transports';

interface Rounds extends Plan {
  /** Rounds wanted on schedule: rounds are run until that many are kept, or `most` have run. */
  wanted: number;
  most: number;
  warmupSeconds: number;
  sessions: number;
}

const FULL = { wanted: 8, most: 16, seconds: 4, warmupSeconds: 4, rate: 2_000, sessions: SESSIONS };
const QUICK = { wanted: 1, most: 1, seconds: 1, warmupSeconds: 0, rate: 50, sessions: QUICK_SESSIONS };
/** Most send lag at the 99th percentile the client may add before its run counts as behind schedule, in ns. */
const LAG_LIMIT_NS = 1e6;

/**
 * `rulehook serve` (50 rules, memory store), the same with the recommended GC
 * flags, and a bare node:http server, each sent the same events at a fixed
 * rate by a load generator in a process of its own, open loop: latency runs
 * from each request's scheduled time.
 */
export const latencySuite: Suite = {
  name: 'latency',
  title:
    'rulehook serve with 50 rules, with and without the recommended GC flags, vs a bare node:http process at a fixed 2,000 requests/s, open loop',
  run(options: RunOptions) {
    const rounds: Rounds = {
      ...(options.quick ? QUICK : FULL),
      connections: IN_FLIGHT,
      quick: options.quick,
    };
    return withTrafficPack('latency', (rulesDir) =>
      withTrafficServers(
        HTTP_TRANSPORT,
        rulesDir,
        rounds.sessions,
        (servers) => measureRounds(servers, rounds),
        {
          tuned: TUNED_NODE_ARGS,
        },
      ),
    );
  },
};

/** A warm-up round, then rounds until `wanted` are on schedule or `most` have run; prints them, returns the rows. */
async function measureRounds(
  servers: Record<LatencyServer, ServerProcess>,
  rounds: Rounds,
): Promise<ResultRow[]> {
  const load = startLatencyLoad();
  try {
    const runs: Runs = { bare: [], rulehook: [], tuned: [] };
    if (rounds.warmupSeconds > 0) await runRound(load, servers, rounds, 0, undefined);
    let kept = 0;
    for (let round = 1; round <= rounds.most && kept < rounds.wanted; round++) {
      await runRound(load, servers, rounds, round, runs);
      if (isKept(runs, round - 1, rounds)) kept++;
    }
    printRounds(runs, rounds);
    const rows = summarize(runs, rounds);
    console.log('');
    for (const row of rows)
      console.log(
        `latency, ${row.subject}: bare ÷ rulehook ${formatRatio(row.ratio as Ratio)}; ${row.figures}`,
      );
    return rows;
  } finally {
    await load.stop();
  }
}

/** Round 0 warms up (its runs are not recorded); every error or timeout fails the run. */
async function runRound(
  load: LatencyLoad,
  servers: Record<LatencyServer, ServerProcess>,
  rounds: Rounds,
  round: number,
  runs: Runs | undefined,
): Promise<void> {
  for (const server of orderLatencyServers(round)) {
    const target = servers[server];
    const waitedBefore = target.cpuWaitSeconds();
    const result = await load.run({
      port: target.port,
      rate: rounds.rate,
      seconds: round === 0 ? rounds.warmupSeconds : rounds.seconds,
      round,
      sessions: rounds.sessions,
      connections: rounds.connections,
      timeoutMs: 10_000,
      lagLimitNs: LAG_LIMIT_NS,
    });
    const cpuWaitMs = (target.cpuWaitSeconds() - waitedBefore) * 1e3;
    check(
      result.errors === 0 && result.timeouts === 0 && result.answered === result.planned,
      `latency (${server}, round ${round}): ${result.errors} errors and ${result.timeouts} timeouts in ${result.planned} requests; first: ${result.firstError}`,
    );
    runs?.[server].push({ ...result, cpuWaitMs });
  }
}
