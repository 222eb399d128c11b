import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { DEFAULT_EVENT_LIMITS, type EventLimits } from '../../contract/event-limits';
import type { WebhookCore } from '../core';
import { DEFAULT_HTTP_LIMITS } from '../host-limits';
import type { Logger } from '../../observability/logger';
import type { CallerAuth } from '../security/caller-auth';
import { createHttpApp } from './app';
import { authorizeCaller } from './authorize-caller';
import { countProtocolErrors } from './client-errors';
import { sendHttpError } from './errors';
import { createEventEndpoint } from './event-endpoint';
import { InflightBytes } from './bound-inflight-bytes';
import { isEventUrl } from './routes';

export interface HttpHandlerOptions {
  /** Largest accepted request body, in bytes. */
  maxBodyBytes: number;
  logger: Logger;
  /** Most body bytes of the events in flight, all requests together (default: DEFAULT_HTTP_LIMITS). */
  maxInflightBytes?: number;
  /** Bounds on each decoded event (default: DEFAULT_EVENT_LIMITS). */
  eventLimits?: EventLimits;
  /** Bearer tokens every request must carry but those to open endpoints; undefined: none asked. */
  auth?: CallerAuth;
  /**
   * The console's routes (`serve --console`), served under `/console` behind the same tokens as every path
   * but the open ones; undefined: no console.
   */
  console?: RequestHandler;
}

/**
 * The HTTP host's request listener: `POST /v1/events` goes straight to the lean
 * event endpoint; every other request goes to the express app.
 */
export function createHttpHandler(core: WebhookCore, options: HttpHandlerOptions): RequestListener {
  const inflight = new InflightBytes(
    options.maxInflightBytes ?? DEFAULT_HTTP_LIMITS.maxInflightBytes,
    core.countShed(
      core.metrics.counter(
        'rulehook_shed_inflight_bytes_total',
        'HTTP requests refused at once because their bodies would exceed --max-inflight-bytes (429).',
      ),
    ),
  );
  const handleEvent = createEventEndpoint(
    core,
    {
      maxBodyBytes: options.maxBodyBytes,
      inflight,
      eventLimits: options.eventLimits ?? DEFAULT_EVENT_LIMITS,
    },
    (res, error) => answerFailure(res, error, options.logger),
  );
  const app = createHttpApp(core, options.logger, options.console);
  const protocolErrors = countProtocolErrors(core.metrics);
  const auth = options.auth;
  const consoleServed = options.console !== undefined;
  return (req: IncomingMessage, res: ServerResponse) => {
    // RFC 9112 3.2: an HTTP/1.1 request without Host is a 400 (answered here, in JSON, rather than by Node).
    if (req.headers.host === undefined && req.httpVersion === '1.1') {
      protocolErrors.inc();
      return sendHttpError(
        res,
        { status: 400, code: 'BAD_REQUEST', message: 'an HTTP/1.1 request must have a Host header' },
        { connection: 'close' },
      );
    }
    if (auth !== undefined && !authorizeCaller(auth, req, res, consoleServed)) return;
    if (req.method === 'POST' && isEventUrl(req.url ?? '')) {
      handleEvent(req, res);
      return;
    }
    app(req, res);
  };
}

/**
 * Whatever throws on the way to an event's answer (a header Node refuses, a bug) is answered 500 and logged,
 * never left as an unhandled rejection; a response already begun, or one that cannot be sent, is cut instead.
 */
function answerFailure(res: ServerResponse, error: unknown, logger: Logger): void {
  logger.error('event request failed', { error: String((error as Error)?.stack ?? error) });
  try {
    if (!res.headersSent)
      return sendHttpError(res, { status: 500, code: 'INTERNAL', message: 'internal error' });
  } catch (sendError) {
    logger.error('event request could not be answered', { error: String(sendError) });
  }
  res.destroy();
}
