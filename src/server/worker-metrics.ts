import type { Metrics } from '../observability/metrics';
import { askPrimary } from './ask-primary';
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
  metrics.exposeWith(() => askPrimaryForMetrics(nextId++));
}

/** The metrics of all workers, as the primary sums them; rejects with its reason when it cannot. */
async function askPrimaryForMetrics(id: number): Promise<string> {
  const request: MetricsRequest = { type: 'rulehook:metrics-request', id };
  const answer = await askPrimary(
    request,
    (message) => (isWorkerMessage(message, 'rulehook:metrics') && message.id === id ? message : undefined),
    ANSWER_TIMEOUT_MS,
    'the primary did not answer',
  );
  if (answer.text === undefined) throw new Error(answer.error ?? 'no metrics from the primary');
  return answer.text;
}
