import type { Router } from 'express';
import { describeListening } from '../../../hosts/running-host';
import { WebhookCore } from '../../../hosts/core';
import type { Logger } from '../../../observability/logger';
import type { Metrics } from '../../../observability/metrics';
import { RuleProcessor } from '../../../processor/rule-processor';
import { describeRecording } from '../../../recording/create-recorder';
import type { RuleBook } from '../../../rules/compile/rule-book';
import { createSessionStore } from '../../../session/create-store';
import { MissingStateWatch } from '../../../session/missing-state-watch';
import type { CliIO } from '../../../terminal/command-io';
import { drainBeforeStopping, drainMilliseconds } from '../../../server/drain';
import { loadServingRules } from '../../../server/load-serving-rules';
import { reloadServeTokens, type ServeSecurity } from '../../../server/load-security';
import { prepareServeReloads } from '../../../server/serve-reloads';
import { receiveServingRules, reportListeningToPrimary, type ServeRole } from '../../../server/serve-worker';
import { closeServeHosts, startServeHosts, type ServeHosts } from '../../../server/start-hosts';
import { waitForSessionStore } from '../../../server/wait-for-store';
import { relayWorkerConsole } from '../../../server/worker-console-relay';
import { shareWorkerMetrics } from '../../../server/worker-metrics';
import type { ServeControl } from './serve-control';
import type { ServeOptions } from './serve-options';
import { createHeldTaps } from './held-taps';
import { createServeConsole, joinDecisionTaps } from './serve-console';
import { createServeLogMask, describeDecisionLog, startDecisionLog, startRecording } from './serve-logs';

export interface OneProcess {
  options: ServeOptions;
  /** Alone, or a worker of `serve --workers`: decided once by `runServe`. */
  role: Exclude<ServeRole, 'primary'>;
  security: ServeSecurity;
  logger: Logger;
  metrics: Metrics;
  io: CliIO;
  control: ServeControl;
}

/**
 * One serving process (alone, or a worker of `--workers`): the core and its rules, the session store,
 * the recording and decision log, the hosts, the reloads; then, on abort, the drain and the graceful stop.
 */
export async function serveOneProcess({ options, role, security, logger, metrics, io, control }: OneProcess) {
  const worker = role === 'worker';
  const mask = createServeLogMask(options.logs, options.record?.redactKey);
  metrics.collectDefaultMetrics();
  if (worker) shareWorkerMetrics(metrics);
  const catalog = options.catalog === undefined ? {} : { catalog: options.catalog };
  const rules = worker
    ? await receiveServingRules(options.rules, io)
    : await loadServingRules(options.rules, io, catalog);
  if (!rules.ok) return 1;
  const store = await createSessionStore(options.store, metrics, logger);
  if (store !== undefined) await waitForSessionStore(store, options.store.state, logger);
  // Without a store, one watch per process: a reload keeps what it knows of the calls in progress.
  const missingState =
    store === undefined
      ? new MissingStateWatch({
          maxCalls: options.store.maxSessions,
          ttlMs: options.store.ttlMs,
          metrics,
          logger,
        })
      : undefined;
  const createProcessor = (book: RuleBook): RuleProcessor =>
    new RuleProcessor(book, {
      metrics,
      ...(store === undefined ? { missingState } : { store }),
      sessionKey: options.sessionKey,
      logger,
      evaluationBudgetMs: options.evaluationBudgetMs,
      ownUpdates: options.ownUpdates,
      ...(options.stateSecret === undefined ? {} : { stateSecret: options.stateSecret }),
    });
  // The reloads and the output taps are made first, so that the core is built whole; the reloads put their
  // rule sets in service through it once they start.
  const reloads = prepareServeReloads({
    rules: options.rules,
    catalog: options.catalog,
    cwd: io.cwd,
    worker,
    watch: options.watch,
    revision: rules.revision,
    install: (reloaded) => core.setProcessor(createProcessor(reloaded.book), reloaded.revision),
    metrics,
    logger,
    reloads: control.reloads,
    ...(control.onReload === undefined ? {} : { onReload: control.onReload }),
    reloadOthers: () => reloadServeTokens(security, logger),
  });
  const held = createHeldTaps(options.record !== undefined, options.logs.decisionLog !== undefined);
  const consoleRoutes = await createServeConsole(options, mask);
  // Under --workers, each worker's console shows every worker's decisions, relayed by the primary.
  if (worker && consoleRoutes !== undefined) relayWorkerConsole(consoleRoutes.feed, consoleRoutes.recent);
  const decisionTap = joinDecisionTaps(
    ...(held.decisions === undefined ? [] : [held.decisions.see]),
    ...(consoleRoutes === undefined ? [] : [consoleRoutes.feed.publish]),
  );
  const core = new WebhookCore({
    metrics,
    logger,
    exposeFiredRules: options.security.exposeFired,
    ...(mask === undefined ? {} : { maskVariables: mask.maskVariables }),
    failPolicy: options.failPolicy,
    maxInflightEvents: options.limits.maxInflightEvents,
    clientSharePercent: options.limits.clientSharePercent,
    processor: createProcessor(rules.book),
    revision: rules.revision,
    rulesReload: reloads.reload,
    ...(held.events === undefined ? {} : { eventTap: held.events.see }),
    ...(decisionTap === undefined ? {} : { decisionTap }),
  });
  // Bound before any output file is created or "serving" said: a busy port leaves nothing behind.
  let hosts: ServeHosts;
  try {
    hosts = await startServeHosts(core, hostSettings(options, security, consoleRoutes?.routes), logger);
  } catch (error) {
    io.stderr.write(`rulehook serve: cannot listen: ${(error as Error).message}\n`);
    await store?.close();
    return 1;
  }
  const recorder = await startRecording(options.record, metrics, logger, io, held);
  const decisions =
    recorder === false ? undefined : await startDecisionLog(options.logs, metrics, logger, mask, io, held);
  const closeOutputs = async (): Promise<void> => {
    await store?.close();
    if (recorder) await recorder.close();
    if (decisions) await decisions.close();
  };
  if (recorder === false || decisions === false) {
    await closeServeHosts(hosts);
    await closeOutputs();
    return 1;
  }
  // A worker's primary speaks for all of them on stdout.
  const status = worker ? { write: () => true } : io.stdout;
  status.write(`rulehook: serving ${rules.summary}\n`);
  if (options.record !== undefined) status.write(`rulehook: ${describeRecording(options.record)}\n`);
  const decisionLine = describeDecisionLog(options.logs);
  if (decisionLine !== undefined) status.write(`rulehook: ${decisionLine}\n`);

  // Watching before saying it listens: an edit made once it does is never missed.
  const stopReloads = await reloads.start();
  status.write(describeListening(hosts));
  if (consoleRoutes !== undefined && hosts.http !== undefined) {
    const { host, port, tls } = hosts.http;
    const shown = host.includes(':') ? `[${host}]` : host;
    status.write(`rulehook: console at http${tls ? 's' : ''}://${shown}:${port}/console/ (read-only)\n`);
  }
  if (worker) reportListeningToPrimary(rules.revision, hosts);
  control.onListening?.(hosts);

  await waitForAbort(control.signal);
  // The console's streams would hold the stop (and the drain) forever: they end first.
  consoleRoutes?.feed.close();
  await stopReloads();
  await drainBeforeStopping(core, drainMilliseconds(control.signal?.reason, options.drainSeconds), status);
  status.write('rulehook: shutting down, finishing in-flight requests\n');
  const closed = closeServeHosts(hosts).then(() => true);
  const finished = await Promise.race([closed, delay(options.shutdownTimeoutMs).then(() => false)]);
  await closeOutputs();
  if (!finished) {
    io.stderr.write(
      `rulehook serve: in-flight requests still running after ${options.shutdownTimeoutMs} ms; exiting\n`,
    );
    return 1;
  }
  status.write('rulehook: stopped\n');
  return 0;
}

function hostSettings(options: ServeOptions, security: ServeSecurity, console: Router | undefined) {
  const shared = {
    host: options.host,
    maxBodyBytes: options.maxMessageBytes,
    maxMessageBytes: options.maxMessageBytes,
    eventLimits: options.limits.event,
    ...security,
  };
  return {
    http:
      options.httpPort === undefined
        ? undefined
        : {
            ...shared,
            port: options.httpPort,
            limits: options.limits.http,
            ...(console === undefined ? {} : { console }),
          },
    grpc:
      options.grpcPort === undefined
        ? undefined
        : { ...shared, port: options.grpcPort, limits: options.limits.grpc },
  };
}

function waitForAbort(signal: AbortSignal | undefined): Promise<void> {
  if (signal === undefined) return new Promise(() => {});
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
