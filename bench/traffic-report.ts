import { median, pairedRatio } from './measure';
import { judgeRatioGoal, type ResultRow } from './suite';
import { formatCount, formatRatio, printTable } from './table';
import type { TrafficTransport } from './traffic-transports';

/** One h2load run against one server: its throughput and the server's CPU time per request. */
export interface Run {
  requestsPerSecond: number;
  cpuUsPerRequest: number;
}

/** The servers a transport's rounds load, in their table order; `hand-written` over HTTP only. */
export type TimedServer = 'bare' | 'hand-written' | 'rulehook';
export type Runs = Partial<Record<TimedServer, Run[]>>;

/** rulehook's goal against each baseline: the bare process, and the webhook a team would write by hand. */
const GOALS: Record<
  Exclude<TimedServer, 'rulehook'>,
  { goal: number; baseline: (t: TrafficTransport) => string }
> = {
  bare: { goal: 0.9, baseline: (t) => t.baseline },
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
  return rows;
}
