import { missingField } from '../wire/status';
import type { JsonMessage } from '../wire/proto-json';

/** The text fields a request must carry (proto3: empty is unset), checked in order; throws for the first missing. */
export function requireText(request: JsonMessage, fields: readonly string[], where = ''): void {
  for (const field of fields) {
    const value = request[field];
    if (typeof value !== 'string' || value === '') throw missingField(where + field);
  }
}
