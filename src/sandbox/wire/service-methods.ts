import type { JsonMessage } from './proto-json';
import { answerFailure } from './status';

/** A service's methods by name: a request in proto3 JSON form -> its response, `status` included. */
export type ServiceMethods = Readonly<Record<string, (request: JsonMessage) => JsonMessage>>;

/** Wraps a method so that a StatusFailure becomes the response's status (any other error is a bug: it propagates). */
export function answerWithStatus(
  method: (request: JsonMessage) => JsonMessage,
): (request: JsonMessage) => JsonMessage {
  return (request) => {
    try {
      return method(request);
    } catch (error) {
      return answerFailure(error);
    }
  };
}
