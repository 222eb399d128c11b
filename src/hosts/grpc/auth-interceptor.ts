import * as grpc from '@grpc/grpc-js';
import { ON_EVENT_PATH } from '../../contract';
import { describeAuthFailure, type CallerAuth } from '../security';

/**
 * The standard health service's methods: probes, open unless `--auth-probes`. Exactly these: any other path
 * under the service is a method that does not exist, and needs a token like every other.
 */
const HEALTH_METHODS = new Set(['Check', 'Watch', 'List'].map((m) => `/grpc.health.v1.Health/${m}`));

/** Checks a call's metadata for a method: undefined when it may go on, else the status refusing it. */
export type CallerCheck = (
  path: string,
  metadata: grpc.Metadata,
  /** The caller's address, for the log line of a refusal. */
  peer: string,
) => grpc.StatusObject | undefined;

/** The bearer-token check of `auth` in gRPC terms: metadata `authorization`, refused UNAUTHENTICATED. */
export function createCallerCheck(auth: CallerAuth): CallerCheck {
  return (path, metadata, peer) => {
    if (!auth.requiresToken(HEALTH_METHODS.has(path) ? 'probe' : 'webhook')) return undefined;
    const value = metadata.get('authorization')[0];
    const failure = auth.check('grpc', typeof value === 'string' ? value : undefined, peer);
    if (failure === undefined) return undefined;
    const details = describeAuthFailure(failure, 'metadata authorization');
    return { code: grpc.status.UNAUTHENTICATED, details, metadata: new grpc.Metadata() };
  };
}

/**
 * Applies `check` to every method but OnEvent (reflection, health, and methods that do not exist: see
 * routeUnknownMethods), as soon as a call's metadata arrives and before its handler starts. OnEvent is checked by the admission interceptor instead, before it admits the
 * call: a caller without a token never takes a place among the events in flight, as on the HTTP host.
 */
export function createAuthInterceptor(check: CallerCheck): grpc.ServerInterceptor {
  return (method, call) => {
    if (method.path === ON_EVENT_PATH) return new grpc.ServerInterceptingCall(call);
    return new grpc.ServerInterceptingCall(call, {
      start: (next) =>
        next({
          onReceiveMetadata: (metadata, nextMetadata) => {
            const refusal = check(method.path, metadata, call.getPeer());
            if (refusal !== undefined) return call.sendStatus(refusal);
            nextMetadata(metadata);
          },
        }),
    });
  };
}
