import * as grpc from '@grpc/grpc-js';
import { FIRED_RULES_TRAILER } from '../../contract/fired-rules';
import type { CustomLogicResponse, Event } from '../../contract/types';
import type { DecodeError, Decoded } from '../../contract/decode-result';
import type { WebhookCore } from '../core';
import type { HostReply } from '../host-request';
import { readRequestId, REQUEST_ID_HEADER } from '../request-id';
import type { Logger } from '../../observability/logger';

/** Sends the core's reply; throws if it cannot be sent (a trailer grpc-js refuses), before sending anything. */
function sendReply(reply: HostReply<DecodeError>, callback: grpc.sendUnaryData<CustomLogicResponse>): void {
  if (!reply.ok) {
    const where = reply.error.field === undefined ? '' : `${reply.error.field}: `;
    return callback({ code: grpc.status.INVALID_ARGUMENT, details: where + reply.error.message });
  }
  if (reply.firedRules === undefined) return callback(null, reply.response);
  const trailer = new grpc.Metadata();
  trailer.set(FIRED_RULES_TRAILER, reply.firedRules);
  callback(null, reply.response, trailer);
}

/**
 * `OnEvent`: the request as the service's codec decoded it (or why it is no Event) goes to the core, whose
 * reply is answered: the response, with the fired rules as a trailer, or INVALID_ARGUMENT naming the field.
 * The call was admitted when its metadata arrived (admit-event.ts), and gives its place back as it is answered.
 */
export function createEventEndpoint(
  core: WebhookCore,
  logger: Logger,
): grpc.handleUnaryCall<Decoded<Event>, CustomLogicResponse> {
  return (call, callback) => {
    // Whatever throws on the way to the answer is answered INTERNAL and logged, never left unhandled.
    core
      .onEvent(call.request, readRequestId(call.metadata.get(REQUEST_ID_HEADER)[0]))
      .then((reply) => sendReply(reply, callback))
      .catch((error: unknown) => {
        logger.error('grpc OnEvent failed', { error: String((error as Error)?.stack ?? error) });
        try {
          callback({ code: grpc.status.INTERNAL, details: 'internal error' });
        } catch (sendError) {
          logger.error('grpc OnEvent could not be answered', { error: String(sendError) });
        }
      });
  };
}
