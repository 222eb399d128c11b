import cluster from 'node:cluster';
import { askPrimary } from './ask-primary';
import type { ReloadReport, ReloadTrigger } from './rule-reloader';
import {
  isWorkerMessage,
  type ReloadOthersMessage,
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
export function requestReloadFromPrimary(trigger: ReloadTrigger): Promise<ReloadReport> {
  const id = ++lastRequestId;
  const request: ReloadRequest = { type: 'rulehook:reload-request', id, trigger };
  return askPrimary(
    request,
    (message) =>
      isWorkerMessage(message, 'rulehook:reload-report') && message.id === id ? message.report : undefined,
    RELOAD_TIMEOUT_MS,
    'no reload report from the primary',
  );
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
