import * as grpc from '@grpc/grpc-js';
import { describeAuthFailure, type CallerAuth } from '../security/caller-auth';
import type { CallCheck } from './call-check';

/**
 * The standard health service's methods: probes, open unless `--auth-probes`. Exactly these: any other path
 * under the service is a method that does not exist, and needs a token like every other.
 */
const HEALTH_METHODS = new Set(['Check', 'Watch', 'List'].map((m) => `/grpc.health.v1.Health/${m}`));

/** The bearer-token check of `auth` in gRPC terms: metadata `authorization`, refused UNAUTHENTICATED. */
export function createCallerCheck(auth: CallerAuth): CallCheck {
  return (path, metadata, peer) => {
    if (!auth.requiresToken(HEALTH_METHODS.has(path) ? 'probe' : 'webhook')) return undefined;
    const value = metadata.get('authorization')[0];
    const failure = auth.check('grpc', typeof value === 'string' ? value : undefined, peer);
    if (failure === undefined) return undefined;
    const details = describeAuthFailure(failure, 'metadata authorization');
    return { code: grpc.status.UNAUTHENTICATED, details, metadata: new grpc.Metadata() };
  };
}
