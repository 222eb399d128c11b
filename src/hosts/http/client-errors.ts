import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { formatCount } from '../../contract/event-limits';
import type { Counter, Metrics } from '../../observability/metrics';
import type { HttpLimits } from '../host-limits';
import { countRequestTimeouts } from '../host-metrics';
import { formatRawErrorResponse, type HttpError } from './errors';

/** How long an error response may take to leave before its connection is destroyed anyway, in ms. */
const CLOSE_GRACE_MS = 1000;

type ClientError = Error & { code?: string; reason?: string };

/**
 * Node's `clientError`: requests its parser refuses (malformed, headers too
 * large) and requests that did not arrive within --headers-timeout or
 * --request-timeout. Answered with the JSON error body and `connection: close`
 * instead of Node's bodiless text. As Node does, a connection that is already
 * reset or not writable, or whose response has begun, is only destroyed.
 */
export function createClientErrorHandler(limits: HttpLimits, metrics: Metrics) {
  const malformed = countProtocolErrors(metrics);
  const timeouts = countRequestTimeouts(metrics);
  return (error: ClientError, socket: Duplex): void => {
    if (error.code === 'ECONNRESET' || !socket.writable || isResponding(socket)) {
      socket.destroy();
      return;
    }
    (error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? timeouts : malformed).inc();
    closeWithError(socket, describeClientError(error, limits));
  };
}

/** HTTP requests that are not valid HTTP: the parser's refusals, and an HTTP/1.1 request without Host. */
export function countProtocolErrors(metrics: Metrics): Counter {
  return metrics.counter(
    'rulehook_http_protocol_errors_total',
    'HTTP requests refused by the protocol parser (400, 413, 431), or HTTP/1.1 without Host (400), before any event was read.',
  );
}

/** `CONNECT` (proxy tunnels) is no method of this server: Node would drop the connection without a word. */
export function refuseConnect(req: IncomingMessage, socket: Duplex): void {
  closeWithError(socket, {
    status: 405,
    code: 'METHOD_NOT_ALLOWED',
    message: `${req.method} is not allowed: this is a webhook, not a proxy`,
  });
}

export function describeClientError(error: ClientError, limits: HttpLimits): HttpError {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        code: 'HEADERS_TOO_LARGE',
        message: `request headers are larger than the limit of ${formatCount(limits.maxHeaderBytes)} bytes (--max-header-bytes)`,
      };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'chunk extensions are too large' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return {
        status: 408,
        code: 'REQUEST_TIMEOUT',
        message: `the request did not arrive in time: headers are expected within ${formatCount(limits.headersTimeoutMs)} ms (--headers-timeout), the whole request within ${formatCount(limits.requestTimeoutMs)} ms (--request-timeout)`,
      };
    default:
      return {
        status: 400,
        code: 'BAD_REQUEST',
        message: `malformed HTTP request: ${error.reason ?? error.message}${error.code === undefined ? '' : ` (${error.code})`}`,
      };
  }
}

function closeWithError(socket: Duplex, error: HttpError): void {
  socket.end(formatRawErrorResponse(error), () => socket.destroy());
  setTimeout(() => socket.destroy(), CLOSE_GRACE_MS).unref();
}

/**
 * Whether a response on this connection has begun: writing another would corrupt it. Node's own
 * clientError default makes the same check on the same (undocumented) field; there is no public one.
 */
function isResponding(socket: Duplex): boolean {
  return (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;
}
