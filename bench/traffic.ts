import path from 'node:path';
import { hasH2load, ensureH2load } from './h2load';
import { check, type ResultRow, type RunOptions, type Suite } from './suite';
import { startCheckedHandWritten } from './traffic-hand-written-check';
import { printRuns, summarize, type Run, type Runs, type TimedServer } from './traffic-report';
import type { ServerProcess } from './traffic-servers';
import { QUICK_SESSIONS, SESSIONS, withTrafficPack, withTrafficServers } from './traffic-setup';
import { GRPC_TRANSPORT, HTTP_TRANSPORT, type TrafficTransport } from './traffic-transports';

interface Rounds {
  count: number;
  seconds: number;
  warmupSeconds: number;
  sessions: number;
}

/**
 * End to end, as deployed: `rulehook serve` (the built CLI, 50 rules, session
 * state in the memory store) and a bare server of the same transport, each in
 * a process of its own, loaded in turn by h2load from outside Node.js; first
 * over HTTP, with the same rules written by hand on `node:http` as a second
 * baseline, then over gRPC.
 */
export const trafficSuite: Suite = {
  name: 'traffic',
  title:
    'rulehook serve with 50 rules vs bare node:http and grpc-js processes and a hand-written node:http webhook, loaded by h2load',
  async run(options: RunOptions) {
    if (!hasH2load()) {
      if (options.quick) {
        console.log(
          'h2load is not installed: the traffic suite is skipped in --quick (apt-get install nghttp2-client)',
        );
        return [];
      }
      ensureH2load();
    }
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

type Servers = Partial<Record<TimedServer, ServerProcess>>;

/**
 * Over HTTP the hand-written webhook joins the bare server once it has
 * answered a sequence of events as rulehook does and holds the same sessions.
 */
function compareTransport(
  transport: TrafficTransport,
  rulesDir: string,
  dir: string,
  rounds: Rounds,
): Promise<ResultRow[]> {
  return withTrafficServers(transport, rulesDir, rounds.sessions, async ({ bare, rulehook }) => {
    if (transport !== HTTP_TRANSPORT) return measureServers(transport, { bare, rulehook }, dir, rounds);
    const hand = await startCheckedHandWritten(rulehook, rounds.sessions);
    try {
      return await measureServers(transport, { bare, 'hand-written': hand, rulehook }, dir, rounds);
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
  servers: Servers,
  dir: string,
  rounds: Rounds,
): Promise<ResultRow[]> {
  const names = Object.keys(servers) as TimedServer[];
  const runs: Runs = Object.fromEntries(names.map((name) => [name, [] as Run[]]));
  const runRound = async (round: number, seconds: number, record: boolean): Promise<void> => {
    const session = (round * 131) % rounds.sessions;
    const event = session + 1 + round;
    const file = path.join(dir, `${transport.name}-round-${round}.body`);
    transport.writeBody(file, session, event);
    for (const server of orderServers(round, names)) {
      const target = servers[server] as ServerProcess;
      const cpuBefore = target.cpuSeconds();
      const result = await transport.run(target, file, seconds, session, event);
      const cpuSeconds = target.cpuSeconds() - cpuBefore;
      check(
        result.failed === 0 && result.succeeded > 0,
        `h2load (${transport.name}, ${server}): ${result.failed} requests failed, ${result.succeeded} succeeded`,
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
