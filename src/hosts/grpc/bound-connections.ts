import * as grpc from '@grpc/grpc-js';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import type { Counter } from '../../observability/metrics';

export interface BoundedListener {
  port: number;
  /** Stops accepting; resolves once every connection it accepted has closed. */
  close(): Promise<void>;
}

/**
 * Listens for the gRPC server on a node:net server of our own and hands each
 * connection to grpc-js (its connection injector), because grpc-js has no bound
 * on connections: `maxConnections` of the net server closes one more as soon as
 * it is accepted. `admit` may close a connection instead of handing it on (the share of one remote address).
 * Connections then behave exactly as on a port bound by grpc-js.
 */
export async function listenBounded(
  server: grpc.Server,
  address: { host: string; port: number; maxConnections: number },
  dropped: Counter,
  credentials: grpc.ServerCredentials = grpc.ServerCredentials.createInsecure(),
  admit: (socket: Socket) => boolean = () => true,
): Promise<BoundedListener> {
  // With TLS credentials grpc-js's secure server does the handshake on each injected socket.
  const injector = server.createConnectionInjector(credentials);
  const listener = createServer((socket) => {
    if (admit(socket)) injector.injectConnection(socket);
  });
  listener.maxConnections = address.maxConnections;
  listener.on('drop', () => dropped.inc());
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(address.port, address.host, () => {
      listener.off('error', reject);
      resolve();
    });
  });
  return {
    port: (listener.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => listener.close(() => resolve())),
  };
}
