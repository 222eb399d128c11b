import type { JsonMessage } from './proto-json';
import { answerFailure } from './status';

/** A method: a request in proto3 JSON form -> its response, `status` included (the session flow's are async). */
export type ServiceMethod = (request: JsonMessage) => JsonMessage | Promise<JsonMessage>;

/** A service's methods by name. */
export type ServiceMethods = Readonly<Record<string, ServiceMethod>>;

/** Wraps a method so that a StatusFailure becomes the response's status (any other error is a bug: it propagates). */
export function answerWithStatus(method: ServiceMethod): ServiceMethod {
  return (request) => {
    try {
      const answer = method(request);
      return answer instanceof Promise ? answer.catch(answerFailure) : answer;
    } catch (error) {
      return answerFailure(error);
    }
  };
}
