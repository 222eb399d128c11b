import type { HostThread } from './host-thread';
import { measure, summarize, type Subject } from './measure';
import { chooseRounds, type ResultRow, type RunOptions } from './suite';
import { formatCount, formatNs, formatPercent, formatRatio, invertRatio, printTable } from './table';

export type Server = 'bare' | 'rulehook';

/** One event size to load both servers with. */
export interface Payload {
  /** e.g. "41 variables (1.4 KB)". */
  label: string;
  /** Requests per round (fixed: every round does the same work). */
  requests: number;
  send(server: Server, requests: number): Promise<void>;
}

export interface HostComparison {
  /** The summary rows' path: `http`, `grpc`. */
  path: string;
  title: string;
  labels: Record<Server, string>;
  rounds: number;
}

/**
 * Loads the baseline and the rulehook server with the same requests, rounds
 * interleaved, and prints req/s (client's view, whole loop) and the servers'
 * event-loop busy time per request (server's view: what the host costs). The
 * summary rows carry the busy-time ratio, bare ÷ rulehook: the host's own cost.
 */
export async function compareHosts(
  thread: HostThread,
  payloads: readonly Payload[],
  options: HostComparison,
  run: RunOptions,
): Promise<ResultRow[]> {
  const rows: string[][] = [];
  const summary: ResultRow[] = [];
  const measureOptions = chooseRounds(run, { rounds: options.rounds, warmupRounds: 2, operations: 0 });
  for (const payload of payloads) {
    const subject = (server: Server): Subject => ({
      label: options.labels[server],
      async run(n) {
        const before = await thread.busyMs();
        await payload.send(server, n);
        return { busyNs: ((await thread.busyMs()) - before) * 1e6 };
      },
    });
    const requests = run.quick ? Math.max(1, Math.ceil(payload.requests / 100)) : payload.requests;
    const results = await measure([subject('bare'), subject('rulehook')], {
      ...measureOptions,
      operations: requests,
    });
    const [bare, rulehook] = summarize(results);
    if (bare?.busyNsPerOp !== undefined && rulehook?.busyNsPerOp !== undefined && rulehook.busyCost)
      summary.push({
        path: options.path,
        subject: `${options.labels.rulehook}, ${payload.label}: server busy time`,
        baseline: options.labels.bare.replace(/ \[baseline\]$/, ''),
        ratio: invertRatio(rulehook.busyCost),
        figures: `${formatNs(rulehook.busyNsPerOp)} vs ${formatNs(bare.busyNsPerOp)} per request`,
      });
    for (const s of summarize(results)) {
      rows.push([
        payload.label,
        s.label,
        formatCount(requests),
        formatCount(s.opsPerSec),
        formatPercent(s.noise),
        formatRatio(invertRatio(s.cost)),
        s.busyNsPerOp === undefined ? '' : formatNs(s.busyNsPerOp),
        formatRatio(s.busyCost),
      ]);
    }
  }
  printTable(
    `${options.title} (median of ${measureOptions.rounds} interleaved rounds)`,
    ['event', 'server', 'req/round', 'req/s', 'noise', 'req/s vs bare', 'server busy/req', 'busy vs bare'],
    rows,
    2,
  );
  return summary;
}
