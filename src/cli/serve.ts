import cluster from 'node:cluster';
import { describeListening, WebhookCore, startGrpcHost, startHttpHost, type RunningHost } from '../hosts';
import { createJsonLogger, type Logger } from '../observability/logger';
import { Metrics } from '../observability/metrics';
import { createRecorder, describeRecording, type Recorder } from '../recording';
import { RuleProcessor } from '../processor/rule-processor';
import { createSessionStore, redactUrl, RedisSessionStore } from '../session';
import type { CliIO } from '../terminal/command-io';
import { loadServingRules } from '../server/load-serving-rules';
import { loadServeSecurity, type ServeSecurity } from '../server/load-security';
import { isServeWorker, receiveServingRules, reportListeningToPrimary } from '../server/serve-worker';
import { runServeWorkers } from '../server/serve-workers';
import { startServeReloads } from '../server/serve-reloads';
import type { ReloadReport, ReloadTrigger } from '../server/rule-reloader';
import type { RuleBook } from '../rules/compile/rule-book';
import { reportInvalidConfig } from './config';
import { drainBeforeStopping, drainMilliseconds } from '../server/drain';
import { shareWorkerMetrics } from '../server/worker-metrics';
import { reportUsage } from './options';
import { parseServeOptions, SERVE_USAGE } from './serve-options';
import { createVariableMask, describeDecisionLog, startDecisionLog } from './serve-logs';

export interface ServeControl {
  /** Aborting stops the server gracefully (the CLI wires SIGTERM and SIGINT to it). */
  signal?: AbortSignal;
  /** Dispatches `reload` events: reload the rules (the CLI dispatches one on SIGHUP). */
  reloads?: EventTarget;
  /** Called with each reload's report (tests). */
  onReload?(report: ReloadReport, trigger: ReloadTrigger): void;
  /** Called once every host listens, with the bound ports (tests use port 0). */
  onListening?(hosts: { http?: RunningHost; grpc?: RunningHost }): void;
}

/** How long `serve` waits for Redis at startup before serving anyway (degraded until it connects). */
const REDIS_STARTUP_WAIT_MS = 2000;

/**
 * `rulehook serve`: loads the rules (refusing to start on an invalid rule set),
 * starts the hosts around one core, and on abort stops accepting, lets in-flight
 * requests finish (bounded by --shutdown-timeout), and returns 0. With
 * `--workers N` (N > 1) this process becomes the cluster primary instead.
 */
export async function runServe(args: string[], io: CliIO, control: ServeControl = {}): Promise<number> {
  const parsed = parseServeOptions(args, io);
  if (parsed.kind === 'invalid') return reportInvalidConfig('serve', parsed, io);
  if (parsed.kind !== 'ok') return reportUsage(io, 'serve', SERVE_USAGE, parsed);
  const { options } = parsed;
  const logger = createJsonLogger(io.stderr, options.logLevel);
  const metrics = new Metrics();
  // Checked by the primary of --workers too, so that a bad file is reported once, before any fork.
  const security = await loadServeSecurity(options.security, metrics, logger);
  if (!security.ok) {
    io.stderr.write(`rulehook serve: refusing to start: ${security.message}\n`);
    return 1;
  }
  if (options.workers > 1 && cluster.isPrimary) return runServeWorkers(args, options, io, control);
  const mask = createVariableMask(options.logs, options.record?.redactKey);
  const core = new WebhookCore({
    metrics,
    logger,
    exposeFiredRules: options.security.exposeFired,
    ...(mask === undefined ? {} : { maskVariables: mask }),
    failPolicy: options.failPolicy,
    maxInflightEvents: options.limits.maxInflightEvents,
  });
  core.metrics.collectDefaultMetrics();
  if (isServeWorker(io.env)) shareWorkerMetrics(core.metrics);
  const rules = isServeWorker(io.env)
    ? await receiveServingRules(options.rules, io)
    : await loadServingRules(
        options.rules,
        io,
        options.catalog === undefined ? {} : { catalog: options.catalog },
      );
  if (!rules.ok) return 1;
  const store = createSessionStore(options.store, core.metrics, logger);
  if (store instanceof RedisSessionStore) await warnIfRedisAbsent(store, options.store.state, logger);
  const createProcessor = (book: RuleBook): RuleProcessor =>
    new RuleProcessor(book, {
      metrics: core.metrics,
      store,
      sessionKey: options.sessionKey,
      logger,
      evaluationBudgetMs: options.evaluationBudgetMs,
      ...(options.stateSecret === undefined ? {} : { stateSecret: options.stateSecret }),
    });
  core.setProcessor(createProcessor(rules.book), rules.revision);
  const status = cluster.isWorker ? { write: () => true } : io.stdout;
  let recorder: Recorder | undefined;
  if (options.record !== undefined) {
    try {
      recorder = await createRecorder(options.record, core.metrics, logger);
    } catch (error) {
      io.stderr.write(
        `rulehook serve: cannot record to ${options.record.file}: ${(error as Error).message}\n`,
      );
      await store.close();
      return 1;
    }
    const rec = recorder;
    core.setEventTap((event) => rec.record(event.session_variables));
  }
  const decisions = await startDecisionLog(options.logs, core, logger, mask, io);
  if (decisions === false) {
    await Promise.all([store.close(), recorder?.close()]);
    return 1;
  }
  status.write(`rulehook: serving ${rules.summary}\n`);
  if (options.record !== undefined) status.write(`rulehook: ${describeRecording(options.record)}\n`);
  const decisionLine = describeDecisionLog(options.logs);
  if (decisionLine !== undefined) status.write(`rulehook: ${decisionLine}\n`);

  const hosts: { http?: RunningHost; grpc?: RunningHost } = {};
  const hostOptions = {
    host: options.host,
    logger,
    maxBodyBytes: options.maxMessageBytes,
    maxMessageBytes: options.maxMessageBytes,
    eventLimits: options.limits.event,
    ...security.security,
  };
  try {
    if (options.httpPort !== undefined)
      hosts.http = await startHttpHost(core, {
        ...hostOptions,
        port: options.httpPort,
        limits: options.limits.http,
      });
    if (options.grpcPort !== undefined)
      hosts.grpc = await startGrpcHost(core, {
        ...hostOptions,
        port: options.grpcPort,
        limits: options.limits.grpc,
      });
  } catch (error) {
    io.stderr.write(`rulehook serve: cannot listen: ${(error as Error).message}\n`);
    await Promise.all([
      ...Object.values(hosts).map((h) => h.close()),
      store.close(),
      recorder?.close(),
      decisions?.close(),
    ]);
    return 1;
  }
  // Watching before saying it listens: an edit made once it does is never missed.
  const stopReloads = await startServeReloads(core, {
    rules: options.rules,
    catalog: options.catalog,
    cwd: io.cwd,
    env: io.env,
    watch: options.watch,
    revision: rules.revision,
    createProcessor,
    logger,
    reloads: control.reloads,
    ...(control.onReload === undefined ? {} : { onReload: control.onReload }),
    reloadOthers: () => reloadTokens(security.security, logger),
  });
  status.write(describeListening(hosts));
  if (cluster.isWorker) reportListeningToPrimary(rules.revision, hosts);
  control.onListening?.(hosts);

  await waitForAbort(control.signal);
  await stopReloads();
  await drainBeforeStopping(core, drainMilliseconds(control.signal?.reason, options.drainSeconds), status);
  status.write('rulehook: shutting down, finishing in-flight requests\n');
  const closed = Promise.all(Object.values(hosts).map((h) => h.close())).then(() => true);
  const finished = await Promise.race([closed, delay(options.shutdownTimeoutMs).then(() => false)]);
  await store.close();
  await recorder?.close();
  await decisions?.close();
  if (!finished) {
    io.stderr.write(
      `rulehook serve: in-flight requests still running after ${options.shutdownTimeoutMs} ms; exiting\n`,
    );
    return 1;
  }
  status.write('rulehook: stopped\n');
  return 0;
}

/** A reload re-reads the tokens file too; a broken one keeps the tokens loaded before. */
async function reloadTokens(security: ServeSecurity, logger: Logger): Promise<void> {
  const tokens = security.auth?.tokens;
  if (tokens === undefined) return;
  const reloaded = await tokens.reload();
  if (reloaded.ok) logger.info('tokens reloaded', { file: tokens.file, tokens: reloaded.count });
  else logger.error('tokens reload refused', { file: tokens.file, error: reloaded.message });
}

async function warnIfRedisAbsent(store: RedisSessionStore, url: string, logger: Logger): Promise<void> {
  try {
    await store.waitUntilReady(REDIS_STARTUP_WAIT_MS);
  } catch {
    logger.warn(
      'redis session store not reachable yet; events that carry no state are answered as first events until it is',
      {
        url: redactUrl(url),
      },
    );
  }
}

function waitForAbort(signal: AbortSignal | undefined): Promise<void> {
  if (signal === undefined) return new Promise(() => {});
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
