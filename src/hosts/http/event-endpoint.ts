import type { IncomingMessage, ServerResponse } from 'node:http';
import { decodeEventJson, encodeResponseJson, FIRED_RULES_HEADER } from '../../contract';
import type { HostRequest, WebhookCore } from '../core';
import { sendHttpError, sendJson, type HttpError } from './errors';
import { checkJsonContentType, readJsonBody, tooLarge } from './read-body';

/** Why a request is refused, and whether to close the connection rather than drain an unread body. */
interface Refusal {
  error: HttpError;
  close: boolean;
}

/**
 * `POST /v1/events`: the hot path, on bare node:http objects (no middleware):
 * check the content type and size, parse, decode; the core evaluates; encode.
 */
export function createEventEndpoint(core: WebhookCore, maxBodyBytes: number) {
  return async function handleEvent(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const reply = await core.onEvent(await readEventRequest(req, maxBodyBytes));
    if (!reply.ok)
      return sendHttpError(res, reply.error.error, reply.error.close ? { connection: 'close' } : {});
    if (reply.firedRules !== undefined) res.setHeader(FIRED_RULES_HEADER, reply.firedRules);
    sendJson(res, 200, encodeResponseJson(reply.response));
  };
}

async function readEventRequest(req: IncomingMessage, maxBodyBytes: number): Promise<HostRequest<Refusal>> {
  const contentTypeError = checkJsonContentType(req.headers['content-type']);
  if (contentTypeError !== undefined) return refuse(contentTypeError, true);
  const declared = req.headers['content-length'];
  // Refuse before reading; closing the connection avoids draining a large body.
  if (declared !== undefined && Number(declared) > maxBodyBytes) return refuse(tooLarge(maxBodyBytes), true);
  const body = await readJsonBody(req, maxBodyBytes);
  // After a 413 the rest of the body is unread: close rather than drain it.
  if (!body.ok) return refuse(body.error, body.error.status === 413);
  const decoded = decodeEventJson(body.value);
  if (!decoded.ok) return refuse({ status: 400, code: 'INVALID_ARGUMENT', ...decoded.error }, false);
  return decoded;
}

function refuse(error: HttpError, close: boolean): { ok: false; error: Refusal } {
  return { ok: false, error: { error, close } };
}
