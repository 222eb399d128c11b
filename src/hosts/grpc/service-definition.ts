import type { ServiceDefinition } from '@grpc/grpc-js';
import { decodeEventBinary } from '../../contract/event-binary';
import { DEFAULT_EVENT_LIMITS, type EventLimits } from '../../contract/event-limits';
import { encodeResponseBinary } from '../../contract/response-binary';
import { ON_EVENT_PATH } from '../../contract/proto-files';
import type { CustomLogicResponse, Event } from '../../contract/types';
import type { Decoded } from '../../contract/decode-result';

/**
 * `CustomBusinessLogic` with rulehook's own codec: the request deserializer
 * never throws (grpc-js would turn a throw into INTERNAL); it yields a decode
 * result, `limits` checked, so the handler can answer INVALID_ARGUMENT naming the field.
 */
export function createBusinessLogicService(limits: EventLimits): ServiceDefinition {
  return {
    OnEvent: {
      path: ON_EVENT_PATH,
      requestStream: false,
      responseStream: false,
      requestSerialize: () => {
        throw new Error('the server never serializes requests');
      },
      requestDeserialize: (bytes: Buffer): Decoded<Event> => decodeEventBinary(bytes, limits),
      responseSerialize: (response: CustomLogicResponse): Buffer => {
        const bytes = encodeResponseBinary(response);
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      },
      responseDeserialize: () => {
        throw new Error('the server never deserializes responses');
      },
    },
  };
}

/** The service with the default event limits. */
export const customBusinessLogicService: ServiceDefinition = createBusinessLogicService(DEFAULT_EVENT_LIMITS);
