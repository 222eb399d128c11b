import cluster, { type Worker } from 'node:cluster';
import type { Logger } from '../observability/logger';
import { askPrimary } from './ask-primary';
import type { ReloadReport, ReloadTrigger } from './rule-reloader';
import {
  isWorkerMessage,
  type ReloadOthersMessage,
  type ReloadReportMessage,
  type ReloadRequest,
  type RulesMessage,
  type WorkerMessage,
} from './worker-messages';

/** How long a worker waits for the primary's report of a reload it asked for. */
const RELOAD_TIMEOUT_MS = 30_000;

let lastRequestId = 0;

/**
 * In a worker: asks the primary to reload, since only the primary reads rule
 * files (so every worker serves the rule set it validated), and resolves with
 * its report once the new rule set was sent to every worker.
 */
export async function requestReloadFromPrimary(trigger: ReloadTrigger): Promise<ReloadReport> {
  const id = ++lastRequestId;
  const request: ReloadRequest = { type: 'rulehook:reload-request', id, trigger };
  const answer = await askPrimary(
    request,
    (message) =>
      isWorkerMessage(message, 'rulehook:reload-report') && message.id === id ? message : undefined,
    RELOAD_TIMEOUT_MS,
    'no reload report from the primary',
  );
  if (answer.report === undefined) throw new Error(answer.error ?? 'the primary could not reload');
  return answer.report;
}

/** In the primary: runs the reload a worker asked for and answers it with the report, or the failure. */
export function answerReloadRequest(
  worker: Worker,
  request: ReloadRequest,
  reload: (trigger: ReloadTrigger) => Promise<ReloadReport>,
  logger: Logger,
): void {
  const answer = (fields: Pick<ReloadReportMessage, 'report' | 'error'>): void => {
    const message: ReloadReportMessage = { type: 'rulehook:reload-report', id: request.id, ...fields };
    // A worker that exited meanwhile fails the send; there is nobody left to answer.
    if (worker.isConnected()) worker.send(message, () => undefined);
  };
  reload(request.trigger).then(
    (report) => answer({ report }),
    (error: unknown) => {
      logger.error('rules reload failed', { error: String((error as Error)?.stack ?? error) });
      answer({ error: `the reload failed: ${(error as Error)?.message ?? String(error)}` });
    },
  );
}

/**
 * In the primary, when a worker says it listens: one that reports another revision than the one in
 * service missed a reload while it started (it follows reloads only once it listens), so it gets the
 * rule set in service, and re-reads the files a reload re-reads besides the rules.
 */
export function bringWorkerUpToDate(worker: Worker, revision: string, current: RulesMessage): void {
  if (revision === current.revision || !worker.isConnected()) return;
  worker.send(current, () => undefined);
  const others: ReloadOthersMessage = { type: 'rulehook:reload-others' };
  worker.send(others, () => undefined);
}

/**
 * In a worker: calls `onRules` with each rule set the primary sends after startup (its reloads), and
 * `onReloadOthers` after each reload the primary ran.
 */
export function followPrimaryReloads(
  onRules: (message: RulesMessage) => void,
  onReloadOthers: () => void,
): () => void {
  const onMessage = (message: unknown): void => {
    if (isWorkerMessage(message, 'rulehook:rules')) onRules(message);
    else if (isWorkerMessage(message, 'rulehook:reload-others')) onReloadOthers();
  };
  process.on('message', onMessage);
  return () => process.off('message', onMessage);
}

/** In the primary: sends a reloaded rule set to every worker alive (replacements ask for it at start). */
export function sendRulesToWorkers(message: RulesMessage): void {
  sendToWorkers(message);
}

/** In the primary: has every worker re-read the files a reload re-reads besides the rules. */
export function sendReloadOthersToWorkers(): void {
  const message: ReloadOthersMessage = { type: 'rulehook:reload-others' };
  sendToWorkers(message);
}

function sendToWorkers(message: WorkerMessage): void {
  // A worker that exits meanwhile fails its send: ignored, since its replacement reads everything at start.
  for (const worker of Object.values(cluster.workers ?? {}))
    if (worker?.isConnected()) worker.send(message, () => undefined);
}
