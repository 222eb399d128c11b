import cluster from 'node:cluster';
import { describeListening, WebhookCore, startGrpcHost, startHttpHost, type RunningHost } from '../hosts';
import { createJsonLogger, type Logger } from '../observability/logger';
import { createRecorder, describeRecording, type Recorder } from '../recording';
import { RuleProcessor } from '../processor/rule-processor';
import { createSessionStore, redactUrl, RedisSessionStore } from '../session';
import type { CliIO } from '../terminal/command-io';
import { loadServingRules } from '../server/load-serving-rules';
import { isServeWorker, receiveServingRules, reportListeningToPrimary } from '../server/serve-worker';
import { runServeWorkers } from '../server/serve-workers';
import { drainBeforeStopping, drainMilliseconds } from '../server/drain';
import { shareWorkerMetrics } from '../server/worker-metrics';
import { reportUsage } from './options';
import { parseServeOptions, SERVE_USAGE } from './serve-options';

export interface ServeControl {
  /** Aborting stops the server gracefully (the CLI wires SIGTERM and SIGINT to it). */
  signal?: AbortSignal;
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
  if (parsed.kind !== 'ok') return reportUsage(io, 'serve', SERVE_USAGE, parsed);
  const { options } = parsed;
  if (options.workers > 1 && cluster.isPrimary) return runServeWorkers(args, options, io, control.signal);
  const logger = createJsonLogger(io.stderr, options.logLevel);
  const core = new WebhookCore({
    logger,
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
  core.setProcessor(
    new RuleProcessor(rules.book, {
      metrics: core.metrics,
      store,
      sessionKey: options.sessionKey,
      logger,
      evaluationBudgetMs: options.evaluationBudgetMs,
      ...(options.stateSecret === undefined ? {} : { stateSecret: options.stateSecret }),
    }),
    rules.revision,
  );
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
  status.write(`rulehook: serving ${rules.summary}\n`);
  if (options.record !== undefined) status.write(`rulehook: ${describeRecording(options.record)}\n`);

  const hosts: { http?: RunningHost; grpc?: RunningHost } = {};
  const hostOptions = {
    host: options.host,
    logger,
    maxBodyBytes: options.maxMessageBytes,
    maxMessageBytes: options.maxMessageBytes,
    eventLimits: options.limits.event,
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
    await Promise.all([...Object.values(hosts).map((h) => h.close()), store.close(), recorder?.close()]);
    return 1;
  }
  status.write(describeListening(hosts));
  if (cluster.isWorker) reportListeningToPrimary(rules.revision, hosts);
  control.onListening?.(hosts);

  await waitForAbort(control.signal);
  await drainBeforeStopping(core, drainMilliseconds(control.signal?.reason, options.drainSeconds), status);
  status.write('rulehook: shutting down, finishing in-flight requests\n');
  const closed = Promise.all(Object.values(hosts).map((h) => h.close())).then(() => true);
  const finished = await Promise.race([closed, delay(options.shutdownTimeoutMs).then(() => false)]);
  await store.close();
  await recorder?.close();
  if (!finished) {
    io.stderr.write(
      `rulehook serve: in-flight requests still running after ${options.shutdownTimeoutMs} ms; exiting\n`,
    );
    return 1;
  }
  status.write('rulehook: stopped\n');
  return 0;
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
