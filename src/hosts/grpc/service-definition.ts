import type { ServiceDefinition } from '@grpc/grpc-js';
import {
  decodeEventBinary,
  DEFAULT_EVENT_LIMITS,
  encodeResponseBinary,
  ON_EVENT_PATH,
  type CustomLogicResponse,
  type Decoded,
  type Event,
  type EventLimits,
} from '../../contract';

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
