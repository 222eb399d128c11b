import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookCore } from '../core';
import type { Logger } from '../../observability/logger';
import type { RunningHost } from '../running-host';
import { createHttpHandler } from './handler';

/** How often, during shutdown, keep-alive sockets that became idle are closed. */
const IDLE_SWEEP_MS = 50;

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
        // close() waits for in-flight requests but closes only the sockets idle at the time of the call;
        // sweeping idle sockets while it waits frees keep-alive connections as their last response ends.
        const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
        server.close((error) => {
          clearInterval(sweep);
          if (error) reject(error);
          else resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
