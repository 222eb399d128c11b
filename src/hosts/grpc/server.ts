import * as grpc from '@grpc/grpc-js';
import { DEFAULT_EVENT_LIMITS, type EventLimits } from '../../contract/event-limits';
import type { WebhookCore } from '../core';
import { DEFAULT_GRPC_LIMITS, type GrpcLimits } from '../host-limits';
import { countClientShareDrops, createConnectionShare } from '../client-connections';
import { countDroppedConnections } from '../host-metrics';
import type { RunningHost } from '../running-host';
import type { Logger } from '../../observability/logger';
import type { CallerAuth } from '../security/caller-auth';
import type { TlsSettings } from '../security/tls-files';
import { createAdmissionInterceptor } from './admit-event';
import { listenBounded } from './bound-connections';
import { combineCallChecks, type CallCheck } from './call-check';
import { createEventEndpoint } from './event-endpoint';
import { createCallerCheck } from './authorize-caller';
import { createGrpcHealth } from './health';
import { countOversizedMetadata, createMetadataBound } from './bound-metadata';
import { addWebhookReflection } from './reflection';
import { createBusinessLogicService } from './service-definition';
import { routeUnknownMethods } from './unknown-methods';

export interface GrpcHostOptions {
  host: string;
  port: number;
  /** Largest accepted request message, in bytes (RESOURCE_EXHAUSTED beyond). */
  maxMessageBytes: number;
  logger: Logger;
  /** Connection and overload bounds; each one not given has its default (DEFAULT_GRPC_LIMITS). */
  limits?: Partial<GrpcLimits>;
  eventLimits?: EventLimits;
  /** Bearer tokens calls must carry in metadata `authorization` (`--auth-tokens-file`); undefined: none asked. */
  auth?: CallerAuth;
  /** Serve over TLS with these (`--tls-cert`, `--tls-key`; `--tls-client-ca`: mutual TLS); undefined: plaintext. */
  tls?: TlsSettings;
}

function createCredentials(tls: TlsSettings | undefined): grpc.ServerCredentials {
  if (tls === undefined) return grpc.ServerCredentials.createInsecure();
  const pair = { private_key: tls.key, cert_chain: tls.cert };
  return grpc.ServerCredentials.createSsl(tls.clientCa ?? null, [pair], tls.clientCa !== undefined);
}

export async function startGrpcHost(core: WebhookCore, options: GrpcHostOptions): Promise<RunningHost> {
  const limits: GrpcLimits = { ...DEFAULT_GRPC_LIMITS, ...options.limits };
  const bound = createMetadataBound(limits.maxMetadataBytes, countOversizedMetadata(core.metrics));
  const checkCall: CallCheck =
    options.auth === undefined ? bound : combineCallChecks(bound, createCallerCheck(options.auth));
  const health = createGrpcHealth(core);
  const server = new grpc.Server({
    'grpc.max_receive_message_length': options.maxMessageBytes,
    'grpc.max_concurrent_streams': limits.maxConcurrentStreams,
    'grpc.max_connection_idle_ms': limits.idleTimeoutMs,
    'grpc-node.max_session_memory': limits.connectionMemoryMib,
    // channelz keeps per-call statistics that only a channelz service can read, and rulehook serves none.
    'grpc.enable_channelz': 0,
    // The one interceptor: it watches grpc-js's base call, and checks every call first.
    interceptors: [createAdmissionInterceptor(core, limits.requestTimeoutMs, checkCall)],
  });
  server.addService(createBusinessLogicService(options.eventLimits ?? DEFAULT_EVENT_LIMITS), {
    OnEvent: createEventEndpoint(core, options.logger),
  });
  addWebhookReflection(server);
  health.addToServer(server);
  routeUnknownMethods(server);

  const listener = await listenBounded(
    server,
    { host: options.host, port: options.port, maxConnections: limits.maxConnections },
    countDroppedConnections(core.metrics),
    createCredentials(options.tls),
    createConnectionShare(limits, countClientShareDrops(core.metrics), options.logger),
  );
  return {
    host: options.host,
    port: listener.port,
    tls: options.tls !== undefined,
    close: async () => {
      health.close();
      // The listener stops accepting at once and resolves once its connections are gone; tryShutdown
      // lets the calls in progress complete, then closes those connections.
      await Promise.all([
        listener.close(),
        new Promise<void>((resolve) => server.tryShutdown(() => resolve())),
      ]);
    },
  };
}
