import { cpus } from 'node:os';
import { median, pairedRatio } from './measure';
import { judgeRatioGoal, type ResultRow } from './suite';
import { formatCount, formatRatio, printTable } from './table';
import type { TrafficTransport } from './traffic-transports';

/** One timed run against one server: its throughput and the server's CPU time per request. */
export interface Run {
  requestsPerSecond: number;
  cpuUsPerRequest: number;
}

/**
 * The servers a transport's rounds load, in their table order; over HTTP only,
 * `hand-written` and the two `--state none` layouts, `serve --workers 1` and `--workers 2`.
 */
export type TimedServer = 'bare' | 'hand-written' | 'rulehook' | 'workers-1' | 'workers-2';
export type Runs = Partial<Record<TimedServer, Run[]>>;

/** rulehook's goal against each baseline: the bare process, and the webhook a team would write by hand. */
const GOALS: Record<'bare' | 'hand-written', { goal: number; baseline: (t: TrafficTransport) => string }> = {
  bare: { goal: 0.7, baseline: (t) => t.baseline },
  'hand-written': { goal: 0.8, baseline: () => 'hand-written node:http webhook' },
};

export function printRuns(transport: TrafficTransport, runs: Runs, seconds: number): void {
  const servers = Object.keys(runs) as TimedServer[];
  const rounds = runs.rulehook?.length ?? 0;
  printTable(
    `traffic over ${transport.name}: ${transport.load}, ${seconds} s per round, rounds interleaved`,
    ['round', ...servers.map((s) => `${s} req/s`), ...servers.map((s) => `${s} CPU µs/req`)],
    Array.from({ length: rounds }, (_, i) => [
      String(i + 1),
      ...servers.map((s) => formatCount((runs[s]?.[i] as Run).requestsPerSecond)),
      ...servers.map((s) => (runs[s]?.[i] as Run).cpuUsPerRequest.toFixed(1)),
    ]),
  );
  if (runs['workers-2'] !== undefined)
    console.log(
      `  workers-1, workers-2: rulehook serve --workers 1 and --workers 2, both --state none, sent the same events carrying the rulehook.* state of the answer before; CPU summed over each one's processes; the load generator runs on the same ${cpus().length} cores`,
    );
}

/**
 * Throughput reads as the convention's ratio directly: at saturation the time
 * per request is 1 / (requests/s), so baseline time ÷ rulehook time is rulehook
 * requests/s ÷ baseline requests/s. CPU per request is baseline ÷ rulehook.
 * Two rows per baseline the transport ran, each paired round by round.
 */
export function summarize(transport: TrafficTransport, runs: Runs): ResultRow[] {
  const rate = (server: TimedServer): number[] => (runs[server] ?? []).map((r) => r.requestsPerSecond);
  const cpu = (server: TimedServer): number[] => (runs[server] ?? []).map((r) => r.cpuUsPerRequest);
  const rows: ResultRow[] = [];
  for (const base of ['bare', 'hand-written'] as const) {
    if (runs[base] === undefined) continue;
    const throughput = pairedRatio(rate('rulehook'), rate(base));
    const cpuRatio = pairedRatio(cpu(base), cpu('rulehook'));
    const { goal, baseline } = GOALS[base];
    console.log(
      `\ntraffic over ${transport.name}: requests/s rulehook ÷ ${base} ${formatRatio(throughput)}, CPU/request ${base} ÷ rulehook ${formatRatio(cpuRatio)}`,
    );
    rows.push(
      {
        path: transport.path,
        subject: `rulehook serve, 50 rules: requests/s (rulehook ÷ ${base})`,
        baseline: baseline(transport),
        ratio: throughput,
        figures: `${formatCount(median(rate('rulehook')))} vs ${formatCount(median(rate(base)))} req/s`,
        ...judgeRatioGoal(throughput, goal),
      },
      {
        path: transport.path,
        subject: 'rulehook serve, 50 rules: server CPU/request',
        baseline: baseline(transport),
        ratio: cpuRatio,
        figures: `${median(cpu('rulehook')).toFixed(1)} µs vs ${median(cpu(base)).toFixed(1)} µs CPU`,
        ...judgeRatioGoal(cpuRatio, goal),
      },
    );
  }
  if (runs['hand-written'] !== undefined)
    console.log(
      `traffic over ${transport.name}: requests/s hand-written ÷ bare ${formatRatio(pairedRatio(rate('hand-written'), rate('bare')))} (for reading: no row)`,
    );
  if (runs['workers-1'] !== undefined && runs['workers-2'] !== undefined)
    rows.push(...summarizeWorkers(transport, runs));
  return rows;
}

/**
 * `serve --workers 2` against `--workers 1`, both `--state none` and sent the
 * same bodies (with their carried state): what the second process adds when
 * the load generator shares the machine's cores with them. No goal: it says
 * what the process layout gives on this machine, not how well rulehook does.
 */
function summarizeWorkers(transport: TrafficTransport, runs: Runs): ResultRow[] {
  const rate = (server: TimedServer): number[] => (runs[server] ?? []).map((r) => r.requestsPerSecond);
  const cpu = (server: TimedServer): number[] => (runs[server] ?? []).map((r) => r.cpuUsPerRequest);
  const throughput = pairedRatio(rate('workers-2'), rate('workers-1'));
  const cpuRatio = pairedRatio(cpu('workers-1'), cpu('workers-2'));
  const baseline = 'rulehook serve --workers 1 --state none';
  console.log(
    `traffic over ${transport.name}: requests/s --workers 2 ÷ --workers 1 (--state none) ${formatRatio(throughput)}, CPU/request (summed over the cluster's processes) --workers 1 ÷ --workers 2 ${formatRatio(cpuRatio)}; the load generator shares the ${cpus().length} cores with them`,
  );
  console.log(
    `traffic over ${transport.name}: requests/s --workers 1 --state none (carried state) ÷ rulehook (memory store) ${formatRatio(pairedRatio(rate('workers-1'), rate('rulehook')))} (for reading: no row)`,
  );
  return [
    {
      path: transport.path,
      subject: 'rulehook serve --workers 2 --state none: requests/s (÷ --workers 1)',
      baseline,
      ratio: throughput,
      figures: `${formatCount(median(rate('workers-2')))} vs ${formatCount(median(rate('workers-1')))} req/s, load generator on the same ${cpus().length} cores`,
    },
    {
      path: transport.path,
      subject: "rulehook serve --workers 2 --state none: CPU/request, the cluster's processes summed",
      baseline,
      ratio: cpuRatio,
      figures: `${median(cpu('workers-2')).toFixed(1)} µs vs ${median(cpu('workers-1')).toFixed(1)} µs CPU`,
    },
  ];
}
