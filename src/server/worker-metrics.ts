import type { Metrics } from '../observability/metrics';
import { isWorkerMessage, type MetricsCollected, type MetricsRequest } from './worker-messages';

/** How long a worker waits for the primary's sum before `GET /metrics` answers 503. */
const ANSWER_TIMEOUT_MS = 5000;

/**
 * A worker of `serve --workers`: `GET /metrics`, whichever worker the connection landed on, answers
 * the metrics of all workers, summed by the primary (primary-metrics.ts); the worker answers the
 * primary's requests for its own. Installed before the worker listens, so that the primary never asks
 * a worker that cannot answer yet.
 */
export function shareWorkerMetrics(metrics: Metrics): void {
  process.on('message', (message: unknown) => {
    if (!isWorkerMessage(message, 'rulehook:metrics-collect')) return;
    metrics.registry.getMetricsAsJSON().then(
      (json) => {
        const answer: MetricsCollected = {
          type: 'rulehook:metrics-collected',
          id: message.id,
          metrics: json,
        };
        process.send?.(answer);
      },
      // No answer: the primary's scrape fails after its timeout, rather than summing without this worker.
      () => undefined,
    );
  });
  let nextId = 0;
  metrics.exposeWith(() => askPrimary(nextId++));
}

function askPrimary(id: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown): void => {
      if (!isWorkerMessage(message, 'rulehook:metrics') || message.id !== id) return;
      stop();
      if (message.text !== undefined) resolve(message.text);
      else reject(new Error(message.error ?? 'no metrics from the primary'));
    };
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`the primary did not answer within ${ANSWER_TIMEOUT_MS} ms`));
    }, ANSWER_TIMEOUT_MS);
    const stop = (): void => {
      clearTimeout(timer);
      process.off('message', onMessage);
    };
    process.on('message', onMessage);
    const request: MetricsRequest = { type: 'rulehook:metrics-request', id };
    process.send?.(request);
  });
}
