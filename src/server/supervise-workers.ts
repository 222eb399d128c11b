import cluster, { type Worker } from 'node:cluster';
import path from 'node:path';
import { describeListening } from '../hosts/running-host';
import type { Logger } from '../observability/logger';
import type { Metrics } from '../observability/metrics';
import { PACKAGE_ROOT } from '../package-root';
import type { CliIO } from '../terminal/command-io';
import { PrimaryConsoleRelay } from './primary-console-relay';
import { PrimaryMetrics } from './primary-metrics';
import { RestartBackoff, type RestartBackoffSettings } from './restart-backoff';
import type { ReloadReport, ReloadTrigger } from './rule-reloader';
import { isWorkerMessage, WORKER_ENV, type RulesMessage } from './worker-messages';
import { answerReloadRequest, bringWorkerUpToDate } from './worker-reload';

export interface SuperviseOptions {
  /** `serve`'s arguments: every worker parses them again. */
  args: string[];
  /** Added to every worker's environment (which is the primary's otherwise). */
  env?: Record<string, string>;
  workers: number;
  /** The rule set every worker serves, replacements included: the one in service now. */
  rules(): RulesMessage;
  /** Reloads the rules for a worker that asked (SIGHUP or POST /admin/reload reached it). */
  reload(trigger: ReloadTrigger): Promise<ReloadReport>;
  /** What the rule set is, for the `serving ...` line. */
  summary: string;
  io: CliIO;
  logger: Logger;
  /** What the primary counts itself (its reloads), added to the workers' sum at `/metrics`. */
  metrics?: Metrics;
  signal: AbortSignal | undefined;
  backoff?: RestartBackoffSettings;
}

/**
 * The cluster primary: forks N workers of the built CLI sharing the ports,
 * answers each worker's request for rules with `rules()`, and runs the reloads
 * workers ask for. Prints where they
 * listen once all do; a worker failing at startup stops them all (exit 1); one
 * dying later is replaced after a delay that grows while workers keep dying
 * (RestartBackoff). On abort, sends SIGTERM to every worker (each finishes its
 * in-flight requests) and resolves 0 when all exited cleanly.
 */
export function superviseWorkers(options: SuperviseOptions): Promise<number> {
  const { io, logger, workers } = options;
  // Stopped while the primary was getting ready (rules, the file watch): no worker to start.
  if (options.signal?.aborted) return Promise.resolve(0);
  cluster.setupPrimary({
    exec: path.join(PACKAGE_ROOT, 'dist', 'cli', 'main.js'),
    args: ['serve', ...options.args],
  });
  const alive = new Map<number, { worker: Worker; startedAt: number }>();
  const listening = new Set<number>();
  const replacements = new Set<NodeJS.Timeout>();
  const backoff = new RestartBackoff(options.backoff);
  const metrics = new PrimaryMetrics(logger, undefined, options.metrics);
  const consoleRelay = new PrimaryConsoleRelay();
  const listeningWorkers = () => [...alive.values()].map((a) => a.worker).filter((w) => listening.has(w.id));
  let announced = false;
  let stopping = false;
  let failed = false;

  return new Promise<number>((resolve) => {
    const finishIfDone = (): void => {
      if (alive.size > 0 || replacements.size > 0) return;
      if (announced && !failed) io.stdout.write('rulehook: stopped\n');
      resolve(failed ? 1 : 0);
    };
    // SIGTERM drains each worker (--drain-seconds), SIGINT stops it without draining.
    const stopAll = (signal: 'SIGTERM' | 'SIGINT'): void => {
      stopping = true;
      for (const timer of replacements) clearTimeout(timer);
      replacements.clear();
      for (const { worker } of alive.values()) worker.process.kill(signal);
      finishIfDone();
    };
    const onMessage = (worker: Worker, message: unknown): void => {
      if (isWorkerMessage(message, 'rulehook:reload-request')) {
        answerReloadRequest(worker, message, options.reload, logger);
        return;
      }
      if (metrics.handle(worker, message, listeningWorkers)) return;
      if (consoleRelay.handle(worker, message, listeningWorkers)) return;
      if (isWorkerMessage(message, 'rulehook:rules-request')) {
        worker.send(options.rules(), (error: Error | null) => {
          if (error)
            logger.error('cannot send the rules to a worker', {
              pid: worker.process.pid,
              error: error.message,
            });
        });
        return;
      }
      if (!isWorkerMessage(message, 'rulehook:listening')) return;
      listening.add(worker.id);
      bringWorkerUpToDate(worker, message.revision, options.rules());
      consoleRelay.welcome(worker);
      if (announced) {
        logger.info('worker listening', { pid: worker.process.pid, revision: message.revision });
        return;
      }
      if (listening.size < workers) return;
      announced = true;
      io.stdout.write(`rulehook: serving ${options.summary} in ${workers} workers\n`);
      io.stdout.write(describeListening(message));
    };
    const onExit = (worker: Worker, code: number | null, killedBy: string | null): void => {
      const startedAt = alive.get(worker.id)?.startedAt ?? Date.now();
      alive.delete(worker.id);
      listening.delete(worker.id);
      metrics.forget(worker);
      consoleRelay.forget(worker, listeningWorkers());
      if (stopping || !announced) {
        if (code !== 0) failed = true;
        if (!stopping) {
          io.stderr.write(`rulehook serve: a worker exited (${code ?? killedBy}) during startup; stopping\n`);
          stopAll('SIGINT');
        }
        finishIfDone();
        return;
      }
      const pid = worker.process.pid;
      const delayMs = backoff.delayAfter(Date.now() - startedAt);
      logger.warn('worker exited; replacing it', { pid, exit: code ?? killedBy, delayMs });
      const timer = setTimeout(() => {
        replacements.delete(timer);
        fork(pid);
      }, delayMs);
      replacements.add(timer);
    };
    const fork = (replacing?: number): void => {
      const worker = cluster.fork({ ...options.env, [WORKER_ENV]: '1' });
      alive.set(worker.id, { worker, startedAt: Date.now() });
      logger.info('worker started', { pid: worker.process.pid, ...(replacing && { replacing }) });
      worker.on('message', (message: unknown) => onMessage(worker, message));
      worker.on('exit', (code: number | null, signal: string | null) => onExit(worker, code, signal));
    };
    options.signal?.addEventListener(
      'abort',
      () => {
        io.stdout.write('rulehook: shutting down, finishing in-flight requests\n');
        stopAll(options.signal?.reason === 'SIGINT' ? 'SIGINT' : 'SIGTERM');
      },
      { once: true },
    );
    for (let i = 0; i < workers; i++) fork();
  });
}
