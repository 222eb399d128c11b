import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { decodeEventJson } from '../../contract/event-json';
import { encodeResponseJson } from '../../contract/response-json';
import { FIRED_RULES_HEADER } from '../../contract/fired-rules';
import type { EventLimits } from '../../contract/event-limits';
import type { WebhookCore } from '../core';
import type { HostRequest } from '../host-request';
import { RETRY_AFTER_SECONDS } from '../event-admission';
import { admitEvent } from './admit-event';
import { DRAIN_BYTES } from './authorize-caller';
import { observeRequestDuration } from '../host-metrics';
import { readRequestId, REQUEST_ID_HEADER } from '../request-id';
import { sendHttpError, sendJson, type HttpError } from './errors';
import { checkJsonContentType } from './content-type';
import type { BodyReservation, InflightBytes } from './bound-inflight-bytes';
import { readJsonBody, tooLarge } from './read-body';

export interface EventEndpointOptions {
  /** Largest accepted request body, in bytes. */
  maxBodyBytes: number;
  /** The host's bound on the body bytes of events in flight. */
  inflight: InflightBytes;
  eventLimits: EventLimits;
}

/** Why a request is refused, and whether to close the connection rather than drain an unread body. */
interface Refusal {
  error: HttpError;
  close: boolean;
}

const RETRY_AFTER = String(RETRY_AFTER_SECONDS);

/**
 * `POST /v1/events`: the hot path, on bare node:http objects (no middleware):
 * admit the event (within its remote address's share), check the content type and size, read, parse, decode; the
 * core evaluates; encode. The admission and the body's reservation of bytes in
 * flight are released once the answer is written.
 */
export function createEventEndpoint(core: WebhookCore, options: EventEndpointOptions) {
  const admission = core.admission;
  const duration = observeRequestDuration(core.metrics, 'http');
  return async function handleEvent(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // The socket keeps its peer's address once read: the same string for every request of a connection.
    const client = req.socket.remoteAddress ?? '';
    const refused = admitEvent(admission, client);
    if (refused !== undefined)
      return sendRefusal(res, { error: refused, close: !(declaredLength(req) <= DRAIN_BYTES) });
    const started = performance.now();
    const reservation = options.inflight.createReservation();
    try {
      const request = await readEventRequest(req, options, reservation);
      // A body refused for --max-inflight-bytes is load, not an invalid event: counted as shed, not by the core.
      if (!request.ok && request.error.error.status === 429) return sendRefusal(res, request.error);
      const reply = await core.onEvent(request, readRequestId(req.headers[REQUEST_ID_HEADER]));
      if (!reply.ok) return sendRefusal(res, reply.error);
      if (reply.firedRules !== undefined) res.setHeader(FIRED_RULES_HEADER, reply.firedRules);
      sendJson(res, 200, encodeResponseJson(reply.response));
    } finally {
      reservation.release();
      admission.release(client);
      duration.observe((performance.now() - started) / 1000);
    }
  };
}

function sendRefusal(res: ServerResponse, { error, close }: Refusal): void {
  const headers: Record<string, string> = close ? { connection: 'close' } : {};
  if (error.status === 429) headers['retry-after'] = RETRY_AFTER;
  sendHttpError(res, error, headers);
}

async function readEventRequest(
  req: IncomingMessage,
  options: EventEndpointOptions,
  reservation: BodyReservation,
): Promise<HostRequest<Refusal>> {
  const contentTypeError = checkJsonContentType(req.headers['content-type']);
  if (contentTypeError !== undefined) return refuse(contentTypeError, true);
  const declared = declaredLength(req);
  // Refuse before reading; closing the connection avoids draining a large body.
  if (declared > options.maxBodyBytes) return refuse(tooLarge(options.maxBodyBytes), true);
  const body = await readJsonBody(
    req,
    Number.isNaN(declared) ? undefined : declared,
    options.maxBodyBytes,
    reservation,
  );
  // After a 413 or 429 the rest of the body is unread: close rather than drain it, unless it is small.
  if (!body.ok)
    return refuse(
      body.error,
      body.error.status === 413 || (body.error.status === 429 && !(declared <= DRAIN_BYTES)),
    );
  const decoded = decodeEventJson(body.value, options.eventLimits);
  if (!decoded.ok) return refuse({ status: 400, code: 'INVALID_ARGUMENT', ...decoded.error }, false);
  return decoded;
}

/** The declared body length; NaN when chunked (Node has already refused a malformed Content-Length). */
function declaredLength(req: IncomingMessage): number {
  const header = req.headers['content-length'];
  return header === undefined ? NaN : Number(header);
}

function refuse(error: HttpError, close: boolean): { ok: false; error: Refusal } {
  return { ok: false, error: { error, close } };
}
