import cluster from 'node:cluster';
import type { RunningHost } from '../hosts/running-host';
import type { CliIO } from '../terminal/command-io';
import { compileServingRules, type ServingRules } from './load-serving-rules';
import { askPrimary } from './ask-primary';
import { isWorkerMessage, WORKER_ENV, type ListeningMessage, type RulesMessage } from './worker-messages';

/** How long a worker waits for its rules; the primary answers at once. */
const RULES_TIMEOUT_MS = 10_000;

/**
 * Whether this process is a worker of `serve --workers`: a cluster worker forked
 * by rulehook's primary (another cluster manager's workers read their rules
 * from disk). `serve` asks once, and hands the answer on as its role.
 */
export function isServeWorker(env: CliIO['env']): boolean {
  return cluster.isWorker && env[WORKER_ENV] === '1';
}

/**
 * What this process is in `serve`: a process of its own (`alone`), the primary of `--workers N` (N > 1),
 * which forks and supervises workers and serves nothing itself, or one of its workers, which serves with the
 * primary's settings and rules. Decided once, at the start of `serve`.
 */
export type ServeRole = 'alone' | 'primary' | 'worker';

export function decideServeRole(worker: boolean, workers: number): ServeRole {
  if (worker) return 'worker';
  // Under another cluster manager, each of its workers serves alone: only a cluster primary forks.
  return workers > 1 && cluster.isPrimary ? 'primary' : 'alone';
}

/**
 * A worker's rules: the primary's rule set, received over the IPC channel and
 * compiled here; never read from disk, so every worker, replacements included,
 * serves the rules the primary validated at startup.
 */
export async function receiveServingRules(rulesPath: string, io: CliIO): Promise<ServingRules> {
  let message: RulesMessage;
  try {
    message = await requestRules(RULES_TIMEOUT_MS);
  } catch (error) {
    io.stderr.write(`rulehook serve: ${(error as Error).message}\n`);
    return { ok: false };
  }
  return compileServingRules(message.snapshot, rulesPath, io, { reportWarnings: false });
}

function requestRules(timeoutMs: number): Promise<RulesMessage> {
  // Asked for rather than pushed at fork: a message arriving before the worker listens would be lost.
  return askPrimary(
    { type: 'rulehook:rules-request' },
    (message) => (isWorkerMessage(message, 'rulehook:rules') ? message : undefined),
    timeoutMs,
    'no rules from the primary',
  );
}

const address = (h: RunningHost | undefined) =>
  h === undefined ? undefined : { host: h.host, port: h.port, tls: h.tls === true };

/** A worker tells the primary it listens; the primary speaks for all of them on stdout. */
export function reportListeningToPrimary(
  revision: string,
  hosts: { http?: RunningHost; grpc?: RunningHost },
): void {
  const message: ListeningMessage = {
    type: 'rulehook:listening',
    revision,
    http: address(hosts.http),
    grpc: address(hosts.grpc),
  };
  process.send?.(message);
}
