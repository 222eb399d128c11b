import type { Server, Socket } from 'node:net';
import type { Counter, Metrics } from '../observability/metrics';
import type { Logger } from '../observability/logger';
import { ClientCounts, reportClientShare, shareOf } from './client-counts';
import type { ConnectionLimits } from './host-limits';

/** Connections closed because their address had its share of `--max-connections`, both hosts. */
export function countClientShareDrops(metrics: Metrics): Counter {
  return metrics.counter(
    'rulehook_connections_dropped_client_share_total',
    'Connections closed as soon as accepted because their remote address had its --client-share of --max-connections open (both hosts).',
  );
}

/**
 * Keeps each remote address to its share of a host's connections (`--client-share` of
 * `--max-connections`): a connection beyond it is closed as soon as it is accepted, before a byte of it is
 * read, so that one caller's connections (silent ones included, which hold a place until a timeout cuts
 * them) cannot take every connection from the others. The work is per connection, not per request.
 * Answers the function to call with each accepted socket: false when it closed it.
 */
export function createConnectionShare(
  limits: ConnectionLimits,
  dropped: Counter,
  logger: Logger,
): (socket: Socket) => boolean {
  const perClient = shareOf(limits.maxConnections, limits.clientSharePercent);
  if (perClient >= limits.maxConnections) return () => true;
  const counts = new ClientCounts(perClient);
  const report = reportClientShare(
    logger,
    'connections refused: their address has its --client-share of --max-connections open',
  );
  return (socket) => {
    const client = socket.remoteAddress ?? '';
    if (!counts.tryTake(client)) {
      dropped.inc();
      report(client);
      socket.destroy();
      return false;
    }
    socket.once('close', () => counts.give(client));
    return true;
  };
}

/** Applies the share to every connection `server` accepts (after those beyond `maxConnections` are dropped). */
export function shareConnections(
  server: Server,
  limits: ConnectionLimits,
  metrics: Metrics,
  logger: Logger,
): void {
  const admit = createConnectionShare(limits, countClientShareDrops(metrics), logger);
  server.on('connection', (socket: Socket) => void admit(socket));
}
