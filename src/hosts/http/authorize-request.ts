import type { IncomingMessage, ServerResponse } from 'node:http';
import { describeAuthFailure, type CallerAuth, type Endpoint } from '../security';
import { sendHttpError } from './errors';
import { routePath } from './routes';

/** A refused request's unread body up to this size is drained by Node, keeping the connection; else it closes. */
export const DRAIN_BYTES = 64 * 1024;

const ENDPOINTS: Readonly<Record<string, Endpoint>> = {
  '/healthz': 'probe',
  '/readyz': 'probe',
  '/metrics': 'metrics',
};

/**
 * Answers 401 to a request that needs a bearer token and has no valid one, before its body is read or
 * it is admitted, and tells whether it did. Every path needs one but those `auth` leaves open: unknown
 * paths too, so that a caller without a token learns nothing of what is served.
 */
export function refuseUnauthenticated(auth: CallerAuth, req: IncomingMessage, res: ServerResponse): boolean {
  const endpoint = ENDPOINTS[routePath(req.url ?? '')] ?? 'webhook';
  if (!auth.requiresToken(endpoint)) return false;
  const failure = auth.check('http', req.headers.authorization, req.socket.remoteAddress);
  if (failure === undefined) return false;
  const challenge =
    failure === 'missing' ? 'Bearer realm="rulehook"' : 'Bearer realm="rulehook", error="invalid_token"';
  const headers: Record<string, string> = { 'www-authenticate': challenge };
  if (hasLargeOrUnknownBody(req)) headers.connection = 'close';
  sendHttpError(
    res,
    { status: 401, code: 'UNAUTHORIZED', message: describeAuthFailure(failure, 'Authorization') },
    headers,
  );
  return true;
}

/** Whether draining the body would cost more than closing the connection: chunked, or longer than DRAIN_BYTES. */
function hasLargeOrUnknownBody(req: IncomingMessage): boolean {
  if (req.headers['transfer-encoding'] !== undefined) return true;
  const length = req.headers['content-length'];
  return length !== undefined && !(Number(length) <= DRAIN_BYTES);
}
