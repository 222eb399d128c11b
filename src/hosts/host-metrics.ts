import type { Counter, HistogramSeries, Metrics } from '../observability/metrics';

/*
 * Counters both hosts add to: defined once, so that their names and help read the same whichever host
 * creates them first.
 */

export function countDroppedConnections(metrics: Metrics): Counter {
  return metrics.counter(
    'rulehook_connections_dropped_total',
    'Connections closed as soon as accepted because --max-connections were open (both hosts).',
  );
}

export function countRequestTimeouts(metrics: Metrics): Counter {
  return metrics.counter(
    'rulehook_request_timeouts_total',
    'Requests that did not arrive whole in time: HTTP 408 (--headers-timeout, --request-timeout), gRPC DEADLINE_EXCEEDED (--request-timeout).',
  );
}

/** Upper bounds of rulehook_request_duration_seconds, in seconds: from well under a millisecond to timeouts. */
const REQUEST_BUCKETS = [
  0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
];

/** Observes the seconds of one event request on `transport`, from its admission until it is answered. */
export function observeRequestDuration(metrics: Metrics, transport: 'http' | 'grpc'): HistogramSeries {
  return metrics
    .histogram(
      'rulehook_request_duration_seconds',
      'Time from admitting an event request (headers read, gRPC call started) until its answer is written, whatever the answer, by transport (http, grpc). Requests refused at once for load are not observed.',
      REQUEST_BUCKETS,
      ['transport'],
    )
    .labels(transport);
}
