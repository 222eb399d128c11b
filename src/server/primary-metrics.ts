import type { Worker } from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import type { Logger } from '../observability/logger';
import type { Metrics } from '../observability/metrics';
import { isWorkerMessage, type MetricsAnswer, type MetricsCollect } from './worker-messages';

/** How long the primary waits for every worker's metrics before the scrape fails. */
const COLLECT_TIMEOUT_MS = 2000;

interface Collection {
  waiting: Set<number>;
  /** One list per worker that answered. */
  metrics: object[][];
  done(error: Error | undefined): void;
}

/**
 * The primary of `serve --workers` answers a worker's request for the metrics of all workers: it asks
 * every worker that listens for its own (prom-client's JSON form), sums them with prom-client's
 * AggregatorRegistry (each metric as its `aggregator` says: counters and histograms summed) and sends
 * the text back. A worker that exits meanwhile is left out; one that does not answer within
 * COLLECT_TIMEOUT_MS fails the scrape (a partial sum would look like counters going back).
 * prom-client's own `clusterMetrics` asks every connected worker, including those still starting,
 * which cannot answer yet: hence this.
 */
export class PrimaryMetrics {
  private readonly collections = new Map<number, Collection>();
  private nextId = 0;

  /**
   * `own`: the primary's own metrics (what only it counts: the reloads it runs), added to the sum; it
   * must hold nothing the workers count too.
   */
  constructor(
    private readonly logger: Logger,
    private readonly timeoutMs = COLLECT_TIMEOUT_MS,
    private readonly own?: Metrics,
  ) {}

  /** Handles `message` from `worker` if it is about metrics; `listening`: the workers to sum. */
  handle(worker: Worker, message: unknown, listening: () => readonly Worker[]): boolean {
    if (isWorkerMessage(message, 'rulehook:metrics-collected')) {
      const collection = this.collections.get(message.id);
      if (collection?.waiting.delete(worker.id)) {
        collection.metrics.push(message.metrics);
        if (collection.waiting.size === 0) collection.done(undefined);
      }
      return true;
    }
    if (!isWorkerMessage(message, 'rulehook:metrics-request')) return false;
    this.collect(listening()).then(
      (text) => this.answer(worker, { type: 'rulehook:metrics', id: message.id, text }),
      (error: Error) =>
        this.answer(worker, { type: 'rulehook:metrics', id: message.id, error: error.message }),
    );
    return true;
  }

  /** A worker exited: no collection waits for it any longer. */
  forget(worker: Worker): void {
    for (const collection of this.collections.values())
      if (collection.waiting.delete(worker.id) && collection.waiting.size === 0) collection.done(undefined);
  }

  private collect(listening: readonly Worker[]): Promise<string> {
    const id = this.nextId++;
    const workers = listening.filter((worker) => worker.isConnected());
    return new Promise<object[][]>((resolve, reject) => {
      const timer = setTimeout(
        () => collection.done(new Error(`workers did not report their metrics within ${this.timeoutMs} ms`)),
        this.timeoutMs,
      );
      const collection: Collection = {
        waiting: new Set(workers.map((w) => w.id)),
        metrics: [],
        done: (error) => {
          clearTimeout(timer);
          this.collections.delete(id);
          if (error) reject(error);
          else resolve(collection.metrics);
        },
      };
      this.collections.set(id, collection);
      const request: MetricsCollect = { type: 'rulehook:metrics-collect', id };
      // A worker whose channel closes meanwhile is left out when it exits (forget).
      for (const worker of workers) worker.send(request, () => undefined);
      if (workers.length === 0) collection.done(undefined);
    }).then(async (all) => {
      if (this.own !== undefined) all.push(await this.own.registry.getMetricsAsJSON());
      return AggregatorRegistry.aggregate(all).metrics();
    });
  }

  private answer(worker: Worker, message: MetricsAnswer): void {
    if (!worker.isConnected()) return;
    worker.send(message, (error: Error | null) => {
      if (error)
        this.logger.warn('cannot send metrics to a worker', {
          pid: worker.process.pid,
          error: error.message,
        });
    });
  }
}
