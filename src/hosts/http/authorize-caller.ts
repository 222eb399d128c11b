import type { IncomingMessage, ServerResponse } from 'node:http';
import { describeAuthFailure, type CallerAuth, type Endpoint } from '../security/caller-auth';
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
 * Whether a request may go on: true when its path is left open by `auth` or it carries a valid bearer
 * token; else it has been answered 401, before its body is read or it is admitted. Every path needs a
 * token but those `auth` leaves open: unknown paths too, so that a caller without a token learns nothing
 * of what is served.
 */
export function authorizeCaller(
  auth: CallerAuth,
  req: IncomingMessage,
  res: ServerResponse,
  consoleServed = false,
): boolean {
  const path = routePath(req.url ?? '');
  const endpoint = ENDPOINTS[path] ?? 'webhook';
  if (!auth.requiresToken(endpoint)) return true;
  const basic = consoleServed && isConsolePath(path);
  const failure = auth.check('http', req.headers.authorization, req.socket.remoteAddress, basic);
  if (failure === undefined) return true;
  const bearer =
    failure === 'missing' ? 'Bearer realm="rulehook"' : 'Bearer realm="rulehook", error="invalid_token"';
  // The console's page: a browser asks for the token itself (as a password) when challenged to Basic.
  const challenge: string | string[] = basic
    ? ['Basic realm="rulehook console", charset="UTF-8"', bearer]
    : bearer;
  const headers: Record<string, string | string[]> = { 'www-authenticate': challenge };
  if (hasLargeOrUnknownBody(req)) headers.connection = 'close';
  sendHttpError(
    res,
    { status: 401, code: 'UNAUTHORIZED', message: describeAuthFailure(failure, 'Authorization') },
    headers,
  );
  return false;
}

/** Whether draining the body would cost more than closing the connection: chunked, or longer than DRAIN_BYTES. */
function hasLargeOrUnknownBody(req: IncomingMessage): boolean {
  if (req.headers['transfer-encoding'] !== undefined) return true;
  const length = req.headers['content-length'];
  return length !== undefined && !(Number(length) <= DRAIN_BYTES);
}

/** `/console` and what is under it: the page and the JSON API of `serve --console`. */
export function isConsolePath(path: string): boolean {
  return path === '/console' || path.startsWith('/console/');
}
