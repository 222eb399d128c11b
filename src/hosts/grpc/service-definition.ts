import type { ServiceDefinition } from '@grpc/grpc-js';
import {
  decodeEventBinary,
  encodeResponseBinary,
  ON_EVENT_PATH,
  type CustomLogicResponse,
  type Decoded,
  type Event,
} from '../../contract';

/**
 * `CustomBusinessLogic` with rulehook's own codec: the request deserializer
 * never throws (grpc-js would turn a throw into INTERNAL); it yields a decode
 * result so the handler can answer INVALID_ARGUMENT naming the field.
 */
export const customBusinessLogicService: ServiceDefinition = {
  OnEvent: {
    path: ON_EVENT_PATH,
    requestStream: false,
    responseStream: false,
    requestSerialize: () => {
      throw new Error('the server never serializes requests');
    },
    requestDeserialize: (bytes: Buffer): Decoded<Event> => decodeEventBinary(bytes),
    responseSerialize: (response: CustomLogicResponse): Buffer => {
      const bytes = encodeResponseBinary(response);
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    responseDeserialize: () => {
      throw new Error('the server never deserializes responses');
    },
  },
};
