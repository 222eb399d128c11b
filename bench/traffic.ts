import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hasH2load, ensureH2load, runH2load } from './h2load';
import { median, pairedRatio } from './measure';
import { check, judgeRatioGoal, type ResultRow, type RunOptions, type Suite } from './suite';
import { formatCount, formatRatio, printTable } from './table';
import { checkAnswers, checkFiredRules, primeSessions } from './traffic-check';
import { trafficBody, writeTrafficPack } from './traffic-pack';
import { startBare, startRulehook, type ServerProcess } from './traffic-servers';

/** Sessions in rulehook's memory store while it is timed; each round posts an event of another of them. */
const SESSIONS = 1_000;
const CONNECTIONS = 50;
const SERVERS = ['bare', 'rulehook'] as const;
type Server = (typeof SERVERS)[number];

/** One h2load run against one server: its throughput and the server's CPU time per request. */
interface Run {
  requestsPerSecond: number;
  cpuUsPerRequest: number;
}

/**
 * End to end, as deployed: `rulehook serve` (the built CLI, 50 rules, session
 * state in the memory store) and a bare node:http server, each in a process
 * of its own, loaded in turn by h2load from outside Node.js.
 */
export const trafficSuite: Suite = {
  name: 'traffic',
  title: 'rulehook serve with 50 rules vs a bare node:http process, loaded by h2load',
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
      ? { count: 1, seconds: 1, warmupSeconds: 0 }
      : { count: 8, seconds: 4, warmupSeconds: 4 };
    const dir = mkdtempSync(path.join(os.tmpdir(), 'rulehook-bench-traffic-'));
    const rulesDir = path.join(dir, 'rules');
    writeTrafficPack(rulesDir);
    await checkFiredRules(rulesDir);
    const servers: Partial<Record<Server, ServerProcess>> = {};
    try {
      servers.bare = await startBare();
      servers.rulehook = await startRulehook(rulesDir);
      for (const server of SERVERS)
        await checkAnswers(server, servers[server] as ServerProcess, trafficBody(0, 0));
      await primeSessions(servers.rulehook, SESSIONS, CONNECTIONS);
      const bodyFile = (round: number): string => {
        const session = (round * 131) % SESSIONS;
        const file = path.join(dir, `round-${round}.json`);
        writeFileSync(file, trafficBody(session, session + 1 + round));
        return file;
      };
      const runs: Record<Server, Run[]> = { bare: [], rulehook: [] };
      if (rounds.warmupSeconds > 0)
        for (const server of SERVERS)
          await runOnce(servers[server] as ServerProcess, bodyFile(0), rounds.warmupSeconds);
      for (let round = 1; round <= rounds.count; round++) {
        const order = round % 2 === 1 ? SERVERS : [...SERVERS].reverse();
        const file = bodyFile(round);
        for (const server of order)
          runs[server].push(await runOnce(servers[server] as ServerProcess, file, rounds.seconds));
      }
      printRuns(runs, rounds.seconds);
      return summarize(runs);
    } finally {
      for (const server of SERVERS) await servers[server]?.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};

async function runOnce(server: ServerProcess, bodyFile: string, seconds: number): Promise<Run> {
  const cpuBefore = server.cpuSeconds();
  const result = await runH2load(`http://127.0.0.1:${server.port}/v1/events`, bodyFile, seconds, CONNECTIONS);
  const cpuSeconds = server.cpuSeconds() - cpuBefore;
  check(
    result.failed === 0 && result.succeeded > 0,
    `h2load: ${result.failed} requests failed, ${result.succeeded} succeeded`,
  );
  return {
    requestsPerSecond: result.requestsPerSecond,
    cpuUsPerRequest: (cpuSeconds * 1e6) / result.succeeded,
  };
}

function printRuns(runs: Record<Server, Run[]>, seconds: number): void {
  printTable(
    `traffic: ${CONNECTIONS} keep-alive connections (h2load --h1), ${seconds} s per round, rounds interleaved`,
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
function summarize(runs: Record<Server, Run[]>): ResultRow[] {
  const rate = (server: Server): number[] => runs[server].map((r) => r.requestsPerSecond);
  const cpu = (server: Server): number[] => runs[server].map((r) => r.cpuUsPerRequest);
  const throughput = pairedRatio(rate('rulehook'), rate('bare'));
  const cpuRatio = pairedRatio(cpu('bare'), cpu('rulehook'));
  const baseline = 'bare node:http process';
  console.log(
    `\ntraffic: requests/s rulehook ÷ bare ${formatRatio(throughput)}, CPU/request bare ÷ rulehook ${formatRatio(cpuRatio)}`,
  );
  return [
    {
      path: 'http-e2e',
      subject: 'rulehook serve, 50 rules: requests/s (rulehook ÷ bare)',
      baseline,
      ratio: throughput,
      figures: `${formatCount(median(rate('rulehook')))} vs ${formatCount(median(rate('bare')))} req/s`,
      ...judgeRatioGoal(throughput, 0.9),
    },
    {
      path: 'http-e2e',
      subject: 'rulehook serve, 50 rules: server CPU/request',
      baseline,
      ratio: cpuRatio,
      figures: `${median(cpu('rulehook')).toFixed(1)} µs vs ${median(cpu('bare')).toFixed(1)} µs CPU`,
      ...judgeRatioGoal(cpuRatio, 0.9),
    },
  ];
}
