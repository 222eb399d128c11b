import type { EventAdmission } from '../event-admission';
import type { HttpError } from './errors';

/**
 * Admits an event request into the core's bound on events in flight, within its remote address's share
 * (`client`), once its headers are read and before a byte of its body is: undefined when admitted (the
 * caller then releases `client` once the answer is written), else the 429 refusing it, counted as shed.
 */
export function admitEvent(admission: EventAdmission, client: string): HttpError | undefined {
  const refused = admission.tryAdmit(client);
  if (refused === undefined) return undefined;
  return { status: 429, code: 'TOO_MANY_REQUESTS', message: admission.describeRefusal(refused, client) };
}
