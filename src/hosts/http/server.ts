import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookCore } from '../core';
import type { Logger } from '../../observability/logger';
import type { RunningHost } from '../running-host';
import { createHttpHandler } from './handler';

export interface HttpHostOptions {
  host: string;
  /** 0 picks a free port; the bound one is in the result. */
  port: number;
  maxBodyBytes: number;
  logger: Logger;
}

export async function startHttpHost(core: WebhookCore, options: HttpHostOptions): Promise<RunningHost> {
  const server: Server = createServer(createHttpHandler(core, options));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  return {
    host: address.address,
    port: address.port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // close() waits for in-flight requests; idle keep-alive sockets are closed at once.
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
      }),
  };
}
