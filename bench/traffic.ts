import path from 'node:path';
import { hasH2load, ensureH2load } from './h2load';
import { median, pairedRatio } from './measure';
import { check, judgeRatioGoal, type ResultRow, type RunOptions, type Suite } from './suite';
import { formatCount, formatRatio, printTable } from './table';
import {
  orderServers,
  QUICK_SESSIONS,
  SESSIONS,
  withTrafficPack,
  withTrafficServers,
  type Server,
} from './traffic-setup';
import { GRPC_TRANSPORT, HTTP_TRANSPORT, type TrafficTransport } from './traffic-transports';

interface Rounds {
  count: number;
  seconds: number;
  warmupSeconds: number;
  sessions: number;
}

/** One h2load run against one server: its throughput and the server's CPU time per request. */
interface Run {
  requestsPerSecond: number;
  cpuUsPerRequest: number;
}

/**
 * End to end, as deployed: `rulehook serve` (the built CLI, 50 rules, session
 * state in the memory store) and a bare server of the same transport, each in
 * a process of its own, loaded in turn by h2load from outside Node.js; first
 * over HTTP, then over gRPC.
 */
export const trafficSuite: Suite = {
  name: 'traffic',
  title: 'rulehook serve with 50 rules vs bare node:http and grpc-js processes, loaded by h2load',
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

function compareTransport(
  transport: TrafficTransport,
  rulesDir: string,
  dir: string,
  rounds: Rounds,
): Promise<ResultRow[]> {
  return withTrafficServers(transport, rulesDir, rounds.sessions, async (servers) => {
    const runs: Record<Server, Run[]> = { bare: [], rulehook: [] };
    const runRound = async (round: number, seconds: number, record: boolean): Promise<void> => {
      const session = (round * 131) % rounds.sessions;
      const event = session + 1 + round;
      const file = path.join(dir, `${transport.name}-round-${round}.body`);
      transport.writeBody(file, session, event);
      for (const server of orderServers(round)) {
        const target = servers[server];
        const cpuBefore = target.cpuSeconds();
        const result = await transport.run(target, file, seconds, session, event);
        const cpuSeconds = target.cpuSeconds() - cpuBefore;
        check(
          result.failed === 0 && result.succeeded > 0,
          `h2load (${transport.name}, ${server}): ${result.failed} requests failed, ${result.succeeded} succeeded`,
        );
        if (record)
          runs[server].push({
            requestsPerSecond: result.requestsPerSecond,
            cpuUsPerRequest: (cpuSeconds * 1e6) / result.succeeded,
          });
      }
    };
    if (rounds.warmupSeconds > 0) await runRound(0, rounds.warmupSeconds, false);
    for (let round = 1; round <= rounds.count; round++) await runRound(round, rounds.seconds, true);
    printRuns(transport, runs, rounds.seconds);
    return summarize(transport, runs);
  });
}

function printRuns(transport: TrafficTransport, runs: Record<Server, Run[]>, seconds: number): void {
  printTable(
    `traffic over ${transport.name}: ${transport.load}, ${seconds} s per round, rounds interleaved`,
    ['round', 'bare req/s', 'rulehook req/s', 'bare CPU µs/req', 'rulehook CPU µs/req'],
    runs.bare.map((bare, i) => {
      const rulehook = runs.rulehook[i] as Run;
      return [
        String(i + 1),
        formatCount(bare.requestsPerSecond),
        formatCount(rulehook.requestsPerSecond),
        bare.cpuUsPerRequest.toFixed(1),
        rulehook.cpuUsPerRequest.toFixed(1),
      ];
    }),
  );
}

/**
 * Throughput reads as the convention's ratio directly: at saturation the time
 * per request is 1 / (requests/s), so bare time ÷ rulehook time is rulehook
 * requests/s ÷ bare requests/s. CPU per request is bare ÷ rulehook.
 */
function summarize(transport: TrafficTransport, runs: Record<Server, Run[]>): ResultRow[] {
  const rate = (server: Server): number[] => runs[server].map((r) => r.requestsPerSecond);
  const cpu = (server: Server): number[] => runs[server].map((r) => r.cpuUsPerRequest);
  const throughput = pairedRatio(rate('rulehook'), rate('bare'));
  const cpuRatio = pairedRatio(cpu('bare'), cpu('rulehook'));
  const { baseline, path: rowPath, name } = transport;
  console.log(
    `\ntraffic over ${name}: requests/s rulehook ÷ bare ${formatRatio(throughput)}, CPU/request bare ÷ rulehook ${formatRatio(cpuRatio)}`,
  );
  return [
    {
      path: rowPath,
      subject: 'rulehook serve, 50 rules: requests/s (rulehook ÷ bare)',
      baseline,
      ratio: throughput,
      figures: `${formatCount(median(rate('rulehook')))} vs ${formatCount(median(rate('bare')))} req/s`,
      ...judgeRatioGoal(throughput, 0.9),
    },
    {
      path: rowPath,
      subject: 'rulehook serve, 50 rules: server CPU/request',
      baseline,
      ratio: cpuRatio,
      figures: `${median(cpu('rulehook')).toFixed(1)} µs vs ${median(cpu('bare')).toFixed(1)} µs CPU`,
      ...judgeRatioGoal(cpuRatio, 0.9),
    },
  ];
}
