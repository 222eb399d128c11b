import type { Counter, Metrics } from '../observability/metrics';

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
