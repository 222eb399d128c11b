import * as grpc from '@grpc/grpc-js';
import { HealthImplementation, type ServingStatus } from 'grpc-health-check';
import { REVISION_METADATA, shortenRevision, WEBHOOK_SERVICE } from '../../contract';
import type { WebhookCore } from '../core';
import type { ReadinessStatus } from '../readiness';

const HEALTH_PATH_PREFIX = '/grpc.health.v1.Health/';
const WATCH_PATH = `${HEALTH_PATH_PREFIX}Watch`;

/** The services whose health is reported: the server as a whole (`""`) and the webhook. */
const SERVICES = ['', WEBHOOK_SERVICE];

export interface GrpcHealth {
  /** Adds the revision to the health service's response headers; keeps track of the Watch streams. */
  interceptor: grpc.ServerInterceptor;
  addToServer(server: grpc.Server): void;
  /** Ends every Watch stream (UNAVAILABLE), which would otherwise keep the server from shutting down. */
  close(): void;
}

function toServingStatus(status: ReadinessStatus): ServingStatus {
  return status === 'ready' ? 'SERVING' : 'NOT_SERVING';
}

/**
 * The standard gRPC health service (`grpc.health.v1.Health`, Check and Watch, grpc-health-check),
 * following the core's readiness: SERVING once rules are loaded, NOT_SERVING while loading and from
 * the start of draining on, for the server (`""`) and for the webhook service. The protocol has no
 * field for the rule set's revision: every health answer carries it in its response headers
 * (`rulehook-revision`), read when the answer is sent (a Watch stream's, when it starts).
 */
export function createGrpcHealth(core: WebhookCore): GrpcHealth {
  const initial = toServingStatus(core.readiness.status);
  const health = new HealthImplementation(Object.fromEntries(SERVICES.map((s) => [s, initial])));
  const unsubscribe = core.readiness.subscribe((status) => {
    for (const service of SERVICES) health.setStatus(service, toServingStatus(status));
  });
  const watches = new Set<grpc.ServerInterceptingCallInterface>();
  const interceptor: grpc.ServerInterceptor = (method, call) => {
    if (!method.path.startsWith(HEALTH_PATH_PREFIX)) return new grpc.ServerInterceptingCall(call);
    const streaming = method.path === WATCH_PATH;
    if (streaming) watches.add(call);
    return new grpc.ServerInterceptingCall(call, {
      start: (next) => next({ onCancel: () => watches.delete(call) }),
      sendMetadata: (metadata, next) => {
        if (core.revision !== '') metadata.set(REVISION_METADATA, shortenRevision(core.revision));
        next(metadata);
      },
      sendStatus: (status, next) => {
        watches.delete(call);
        next(status);
      },
    });
  };
  return {
    interceptor,
    addToServer: (server) => health.addToServer(server),
    close: () => {
      unsubscribe();
      for (const call of [...watches])
        call.sendStatus({ code: grpc.status.UNAVAILABLE, details: 'the server is shutting down' });
      watches.clear();
    },
  };
}
