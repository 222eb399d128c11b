import type { IncomingMessage, ServerResponse } from 'node:http';
import { decodeEventJson, encodeResponseJson, FIRED_RULES_HEADER } from '../../contract';
import { formatFiredRules } from '../../contract/fired-rules';
import type { WebhookCore } from '../core';
import { sendHttpError, sendJson } from './errors';
import { checkJsonContentType, readJsonBody, tooLarge } from './read-body';

/**
 * `POST /v1/events`: the hot path, on bare node:http objects (no middleware):
 * check the content type and size, parse, decode, evaluate, encode.
 */
export function createEventEndpoint(core: WebhookCore, maxBodyBytes: number) {
  return async function handleEvent(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const contentTypeError = checkJsonContentType(req.headers['content-type']);
    if (contentTypeError !== undefined) {
      core.recordInvalid();
      return sendHttpError(res, contentTypeError, { connection: 'close' });
    }
    const declared = req.headers['content-length'];
    if (declared !== undefined && Number(declared) > maxBodyBytes) {
      core.recordInvalid();
      // Refuse before reading; closing the connection avoids draining a large body.
      return sendHttpError(res, tooLarge(maxBodyBytes), { connection: 'close' });
    }
    const body = await readJsonBody(req, maxBodyBytes);
    if (!body.ok) {
      core.recordInvalid();
      // After a 413 the rest of the body is unread: close rather than drain it.
      return sendHttpError(res, body.error, body.error.status === 413 ? { connection: 'close' } : {});
    }
    const decoded = decodeEventJson(body.value);
    if (!decoded.ok) {
      core.recordInvalid();
      return sendHttpError(res, { status: 400, code: 'INVALID_ARGUMENT', ...decoded.error });
    }
    core.recordDecoded(decoded.unknownFields);
    const outcome = await core.onEvent(decoded.value);
    if (outcome.fired.length > 0) res.setHeader(FIRED_RULES_HEADER, formatFiredRules(outcome.fired));
    sendJson(res, 200, encodeResponseJson(outcome.response));
  };
}
