import { createServer, type Server, type ServerOptions } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { RequestHandler } from 'express';
import type { EventLimits } from '../../contract/event-limits';
import type { WebhookCore } from '../core';
import { DEFAULT_HTTP_LIMITS, type HttpLimits } from '../host-limits';
import { shareConnections } from '../client-connections';
import { countDroppedConnections } from '../host-metrics';
import type { Logger } from '../../observability/logger';
import type { RunningHost } from '../running-host';
import type { CallerAuth } from '../security/caller-auth';
import type { TlsSettings } from '../security/tls-files';
import { createClientErrorHandler, refuseConnect } from './client-errors';
import { sendHttpError } from './errors';
import { createHttpHandler } from './handler';

/** How often, during shutdown, keep-alive sockets that became idle are closed. */
const IDLE_SWEEP_MS = 50;

export interface HttpHostOptions {
  host: string;
  /** 0 picks a free port; the bound one is in the result. */
  port: number;
  maxBodyBytes: number;
  logger: Logger;
  /** Connection and overload bounds; each one not given has its default (DEFAULT_HTTP_LIMITS). */
  limits?: Partial<HttpLimits>;
  eventLimits?: EventLimits;
  /** Bearer tokens requests must carry (`--auth-tokens-file`); undefined: none asked. */
  auth?: CallerAuth;
  /** Serve HTTPS with these (`--tls-cert`, `--tls-key`; `--tls-client-ca`: mutual TLS); undefined: plain HTTP. */
  tls?: TlsSettings;
  /** `serve --console`: the console's routes (an express router), under `/console`. */
  console?: RequestHandler;
}

export async function startHttpHost(core: WebhookCore, options: HttpHostOptions): Promise<RunningHost> {
  const limits: HttpLimits = { ...DEFAULT_HTTP_LIMITS, ...options.limits };
  const server = createBoundedServer(core, options, limits);
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
    tls: options.tls !== undefined,
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

/**
 * A node:http server with every bound of `limits` applied. Node checks the headers and request deadlines
 * on a timer of `connectionsCheckingInterval`: a fifth of the headers timeout, at most a second.
 */
function createBoundedServer(core: WebhookCore, options: HttpHostOptions, limits: HttpLimits): Server {
  const settings: ServerOptions = {
    maxHeaderSize: limits.maxHeaderBytes,
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.idleTimeoutMs,
    connectionsCheckingInterval: Math.min(1000, Math.max(10, Math.floor(limits.headersTimeoutMs / 5))),
    // Checked by the handler instead, so that the 400 has a JSON body.
    requireHostHeader: false,
  };
  const handler = createHttpHandler(core, {
    maxBodyBytes: options.maxBodyBytes,
    logger: options.logger,
    maxInflightBytes: limits.maxInflightBytes,
    ...(options.eventLimits === undefined ? {} : { eventLimits: options.eventLimits }),
    ...(options.auth === undefined ? {} : { auth: options.auth }),
    ...(options.console === undefined ? {} : { console: options.console }),
  });
  const { tls } = options;
  // With a client CA, a client without a certificate it signed fails the handshake: no request is ever read.
  const server: Server =
    tls === undefined
      ? createServer(settings, handler)
      : createTlsServer(
          {
            ...settings,
            cert: tls.cert,
            key: tls.key,
            // A connection still in its TLS handshake holds a place as a slow request would: the same bound.
            handshakeTimeout: limits.headersTimeoutMs,
            ...(tls.clientCa === undefined
              ? {}
              : { ca: tls.clientCa, requestCert: true, rejectUnauthorized: true }),
          },
          handler,
        );
  server.keepAliveTimeout = limits.idleTimeoutMs;
  server.maxConnections = limits.maxConnections;
  const dropped = countDroppedConnections(core.metrics);
  server.on('drop', () => dropped.inc());
  shareConnections(server, limits, core.metrics, options.logger);
  server.on('clientError', createClientErrorHandler(limits, core.metrics));
  server.on('connect', refuseConnect);
  server.on('checkExpectation', (req, res) =>
    sendHttpError(
      res,
      { status: 417, code: 'EXPECTATION_FAILED', message: `unsupported expectation: ${req.headers.expect}` },
      { connection: 'close' },
    ),
  );
  return server;
}
