import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { decodeEventJson } from '../../contract/event-json';
import { encodeResponseJson } from '../../contract/response-json';
import { FIRED_RULES_HEADER } from '../../contract/fired-rules';
import type { EventLimits } from '../../contract/event-limits';
import type { WebhookCore } from '../core';
import type { HostReply, HostRequest } from '../host-request';
import { RETRY_AFTER_SECONDS } from '../event-admission';
import { admitEvent } from './admit-event';
import { DRAIN_BYTES } from './authorize-caller';
import { observeRequestDuration } from '../host-metrics';
import { readRequestId, REQUEST_ID_HEADER } from '../request-id';
import { sendHttpError, sendJson, type HttpError } from './errors';
import { checkJsonContentType } from './content-type';
import type { BodyReservation, InflightBytes } from './bound-inflight-bytes';
import { readJsonBodyThen, tooLarge, type BodyRead } from './read-body';

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
 * flight are released once the answer is written. Written with callbacks rather than `await`: an event
 * answered at once (a store in this process) is sent from within the request's `end` event. Whatever
 * throws on the way to the answer goes to `onFailure`, which answers it.
 */
export function createEventEndpoint(
  core: WebhookCore,
  options: EventEndpointOptions,
  onFailure: (res: ServerResponse, error: unknown) => void,
) {
  const admission = core.admission;
  const duration = observeRequestDuration(core.metrics, 'http');
  return function handleEvent(req: IncomingMessage, res: ServerResponse): void {
    // The socket keeps its peer's address once read: the same string for every request of a connection.
    const client = req.socket.remoteAddress ?? '';
    const refused = admitEvent(admission, client);
    if (refused !== undefined)
      return sendRefusal(res, { error: refused, close: !(declaredLength(req) <= DRAIN_BYTES) });
    const started = performance.now();
    const reservation = options.inflight.createReservation();
    const release = (): void => {
      reservation.release();
      admission.release(client);
      duration.observe((performance.now() - started) / 1000);
    };
    const answer = (readRequest: () => HostRequest<Refusal>): void => {
      let pending = false;
      try {
        const request = readRequest();
        // A body refused for --max-inflight-bytes is load, not an invalid event: counted as shed, not by the core.
        if (!request.ok && request.error.error.status === 429) return sendRefusal(res, request.error);
        const answered = core.answer(request, readRequestId(req.headers[REQUEST_ID_HEADER]));
        if (!(answered instanceof Promise)) return sendReply(res, answered);
        pending = true;
        answered
          .then((reply) => sendReply(res, reply))
          .catch((error: unknown) => onFailure(res, error))
          .finally(release);
      } catch (error) {
        onFailure(res, error);
      } finally {
        if (!pending) release();
      }
    };
    readEventRequest(req, options, reservation, answer);
  };
}

function sendReply(res: ServerResponse, reply: HostReply<Refusal>): void {
  if (!reply.ok) return sendRefusal(res, reply.error);
  if (reply.firedRules !== undefined) res.setHeader(FIRED_RULES_HEADER, reply.firedRules);
  sendJson(res, 200, encodeResponseJson(reply.response));
}

function sendRefusal(res: ServerResponse, { error, close }: Refusal): void {
  const headers: Record<string, string> = close ? { connection: 'close' } : {};
  if (error.status === 429) headers['retry-after'] = RETRY_AFTER;
  sendHttpError(res, error, headers);
}

/**
 * Checks the request's headers, then reads its body, and hands `answer` the request's reading (called
 * within answer's own guard, so that nothing thrown escapes the request's events).
 */
function readEventRequest(
  req: IncomingMessage,
  options: EventEndpointOptions,
  reservation: BodyReservation,
  answer: (readRequest: () => HostRequest<Refusal>) => void,
): void {
  const contentTypeError = checkJsonContentType(req.headers['content-type']);
  if (contentTypeError !== undefined) return answer(() => refuse(contentTypeError, true));
  const declared = declaredLength(req);
  // Refuse before reading; closing the connection avoids draining a large body.
  if (declared > options.maxBodyBytes) return answer(() => refuse(tooLarge(options.maxBodyBytes), true));
  readJsonBodyThen(
    req,
    Number.isNaN(declared) ? undefined : declared,
    options.maxBodyBytes,
    reservation,
    (body) => answer(() => decodeBody(body, declared, options)),
  );
}

function decodeBody(body: BodyRead, declared: number, options: EventEndpointOptions): HostRequest<Refusal> {
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
