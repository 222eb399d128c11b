import { cpus } from 'node:os';
import { check, type ResultRow, type RunOptions, type Suite } from './suite';
import { startCheckedHandWritten } from './traffic-hand-written-check';
import { ensureLoadPrograms, findMissingLoadPrograms } from './traffic-programs';
import { printRuns, summarize, type Run, type Runs, type TimedServer } from './traffic-report';
import { withStatelessLayouts, type Target, type Targets } from './traffic-layouts';
import { QUICK_SESSIONS, SESSIONS, withTrafficPack, withTrafficServers } from './traffic-setup';
import { GRPC_TRANSPORT, HTTP_TRANSPORT, type RoundLoad, type TrafficTransport } from './traffic-transports';

interface Rounds {
  count: number;
  seconds: number;
  warmupSeconds: number;
  sessions: number;
}

/**
 * End to end, as deployed: `rulehook serve` (the built CLI, 50 rules, session
 * state in the memory store) and a bare server of the same transport, each in
 * a process of its own, loaded in turn from outside Node.js; first over HTTP
 * by wrk, cycling the events of many sessions, with the same rules written by
 * hand on `node:http` as a second baseline and `serve --workers 1` and `2`
 * with `--state none`, then over gRPC by h2load (wrk has no HTTP/2).
 */
export const trafficSuite: Suite = {
  name: 'traffic',
  title:
    'rulehook serve with 50 rules vs bare node:http and grpc-js processes and a hand-written node:http webhook, loaded by wrk (HTTP) and h2load (gRPC); serve --workers 2 vs 1 with --state none',
  async run(options: RunOptions) {
    const missing = findMissingLoadPrograms();
    if (missing !== undefined) {
      if (options.quick) {
        console.log(`${missing}: the traffic suite is skipped in --quick`);
        return [];
      }
      ensureLoadPrograms();
    }
    console.log(`traffic: the load generator runs on the same ${cpus().length} cores as the server it loads`);
    const rounds = options.quick
      ? { count: 1, seconds: 1, warmupSeconds: 0, sessions: QUICK_SESSIONS }
      : { count: 8, seconds: 4, warmupSeconds: 4, sessions: SESSIONS };
    return withTrafficPack('traffic', async (rulesDir, dir) => {
      const rows: ResultRow[] = [];
      for (const transport of [HTTP_TRANSPORT, GRPC_TRANSPORT])
        rows.push(...(await compareTransport(transport, rulesDir, dir, rounds)));
      return rows;
    });
  },
};

/**
 * Over HTTP the hand-written webhook joins the bare server once it has
 * answered a sequence of events as rulehook does and holds the same sessions,
 * and so do `serve --workers 1` and `--workers 2` with `--state none`, once
 * their carried-state bodies are written and checked (withStatelessLayouts).
 */
function compareTransport(
  transport: TrafficTransport,
  rulesDir: string,
  dir: string,
  rounds: Rounds,
): Promise<ResultRow[]> {
  return withTrafficServers(transport, rulesDir, rounds.sessions, async ({ bare, rulehook }) => {
    const targets: Targets = { bare: { server: bare }, rulehook: { server: rulehook } };
    if (transport !== HTTP_TRANSPORT) return measureServers(transport, targets, dir, rounds);
    const hand = await startCheckedHandWritten(rulehook, rounds.sessions);
    try {
      return await withStatelessLayouts(rulesDir, dir, rounds.sessions, (layouts) =>
        measureServers(
          transport,
          { bare: targets.bare, 'hand-written': { server: hand }, rulehook: targets.rulehook, ...layouts },
          dir,
          rounds,
        ),
      );
    } finally {
      await hand.stop();
    }
  });
}

/**
 * The order the servers run in round `round`: rotated by one each round
 * (round 0 being the warm-up), so that none always follows the same one.
 */
function orderServers(round: number, servers: readonly TimedServer[]): TimedServer[] {
  const start = (round + servers.length - 1) % servers.length;
  return [...servers.slice(start), ...servers.slice(0, start)];
}

async function measureServers(
  transport: TrafficTransport,
  targets: Targets,
  dir: string,
  rounds: Rounds,
): Promise<ResultRow[]> {
  const names = Object.keys(targets) as TimedServer[];
  const runs: Runs = Object.fromEntries(names.map((name) => [name, [] as Run[]]));
  const runRound = async (round: number, seconds: number, record: boolean): Promise<void> => {
    const load = transport.writeRoundLoad(dir, round, rounds.sessions);
    for (const server of orderServers(round, names)) {
      const { server: target, bodies } = targets[server] as Target;
      const targetLoad: RoundLoad = bodies === undefined ? load : { ...load, file: bodies };
      const cpuBefore = target.cpuSeconds();
      const result = await transport.run(target, targetLoad, seconds);
      const cpuSeconds = target.cpuSeconds() - cpuBefore;
      check(
        result.failed === 0 && result.succeeded > 0,
        `the load over ${transport.name} of ${server}: ${result.failed} requests failed, ${result.succeeded} succeeded`,
      );
      if (record)
        runs[server]?.push({
          requestsPerSecond: result.requestsPerSecond,
          cpuUsPerRequest: (cpuSeconds * 1e6) / result.succeeded,
        });
    }
  };
  if (rounds.warmupSeconds > 0) await runRound(0, rounds.warmupSeconds, false);
  for (let round = 1; round <= rounds.count; round++) await runRound(round, rounds.seconds, true);
  printRuns(transport, runs, rounds.seconds);
  return summarize(transport, runs);
}
