import * as grpc from '@grpc/grpc-js';
import { HealthImplementation, type ServingStatus } from 'grpc-health-check';
import { REVISION_METADATA, shortenRevision } from '../../contract/rule-revision';
import { WEBHOOK_SERVICE } from '../../contract/proto-files';
import type { Readiness, ReadinessStatus } from '../readiness';

/** The services whose health `serve` reports: the server as a whole (`""`) and the webhook. */
const SERVICES = ['', WEBHOOK_SERVICE];

/** What the health service follows: a readiness, and the rule set's revision (`''`: none to report). */
export interface HealthSource {
  readonly readiness: Readiness;
  readonly revision: string;
}

type Handler = (
  call: grpc.ServerUnaryCall<unknown, unknown> | grpc.ServerWritableStream<unknown, unknown>,
  ...rest: unknown[]
) => void;

export interface GrpcHealth {
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
 * (`rulehook-revision`), read when the answer is sent (a Watch stream's, when it starts). The
 * library's handlers are wrapped where they are registered rather than by a server interceptor,
 * which every OnEvent call would go through. `services`: the names reported (any other is NOT_FOUND);
 * the sandbox reports its own.
 */
export function createGrpcHealth(core: HealthSource, services: readonly string[] = SERVICES): GrpcHealth {
  const initial = toServingStatus(core.readiness.status);
  const health = new HealthImplementation(Object.fromEntries(services.map((s) => [s, initial])));
  const unsubscribe = core.readiness.subscribe((status) => {
    for (const service of services) health.setStatus(service, toServingStatus(status));
  });
  const watches = new Set<grpc.ServerWritableStream<unknown, unknown>>();
  const sendRevision = (call: { sendMetadata(metadata: grpc.Metadata): void }): void => {
    const metadata = new grpc.Metadata();
    if (core.revision !== '') metadata.set(REVISION_METADATA, shortenRevision(core.revision));
    call.sendMetadata(metadata);
  };
  const wrap = (name: string, handler: Handler): Handler => {
    if (name === 'check') return (call, ...rest) => (sendRevision(call), handler(call, ...rest));
    if (name !== 'watch') return handler;
    return (call, ...rest) => {
      const stream = call as grpc.ServerWritableStream<unknown, unknown>;
      watches.add(stream);
      const forget = (): void => void watches.delete(stream);
      stream.on('cancelled', forget);
      stream.on('close', forget);
      sendRevision(stream);
      handler(stream, ...rest);
    };
  };
  return {
    addToServer: (server) =>
      health.addToServer({
        addService: (service, implementation) =>
          server.addService(
            service,
            Object.fromEntries(
              Object.entries(implementation).map(([name, handler]) => [name, wrap(name, handler as Handler)]),
            ),
          ),
      }),
    close: () => {
      unsubscribe();
      for (const stream of watches)
        stream.emit('error', { code: grpc.status.UNAVAILABLE, details: 'the server is shutting down' });
      watches.clear();
    },
  };
}
