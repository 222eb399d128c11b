import { decodeFailure, describeJsonType, mapEntryPath, type Decoded } from './decode-result';
import {
  DEFAULT_EVENT_LIMITS,
  keyTooLong,
  tooManyVariables,
  valueTooLong,
  type EventLimits,
} from './event-limits';
import { countUnknownFields, fieldNames, isPlainObject, readField } from './json-fields';
import type { Event, SessionVariables } from './types';

const SESSION_VARIABLES = fieldNames('session_variables');
const EVENT_FIELDS = [SESSION_VARIABLES];

/**
 * Decodes an `Event` from an already-parsed proto3 JSON value.
 *
 * The returned `session_variables` is the parsed object itself (no copy: this is
 * the hot path). Every own value is checked to be a string; since
 * Object.prototype has no string-valued properties, `typeof vars[k] === 'string'`
 * is then a safe membership test for any key, including `constructor`.
 *
 * `limits` are checked in the same loop. A JS string of n UTF-16 units has at
 * most 3n UTF-8 bytes, so only a string longer than a third of its limit pays
 * for counting its bytes.
 */
export function decodeEventJson(value: unknown, limits: EventLimits = DEFAULT_EVENT_LIMITS): Decoded<Event> {
  if (!isPlainObject(value)) {
    return decodeFailure(`expected the body to be a JSON object (an Event), got ${describeJsonType(value)}`);
  }
  const read = readField(value, SESSION_VARIABLES, '');
  if (!read.ok) return read;
  const unknownFields = countUnknownFields(value, EVENT_FIELDS);
  if (read.value === undefined) {
    return { ok: true, value: { session_variables: Object.create(null) as SessionVariables }, unknownFields };
  }
  const variables = read.value;
  if (!isPlainObject(variables)) {
    return decodeFailure(
      `expected an object mapping variable names to string values, got ${describeJsonType(variables)}`,
      'session_variables',
    );
  }
  const { maxVariables, maxKeyBytes, maxValueBytes } = limits;
  const keyChars = maxKeyBytes / 3;
  const valueChars = maxValueBytes / 3;
  // One listing of the names, handed on with the event: a map of hundreds of names is a hash table, and
  // each listing of its keys costs more than reading the values by them.
  const names = Object.keys(variables);
  for (let i = 0; i < names.length; i++) {
    const key = names[i] as string;
    const entry = variables[key];
    if (typeof entry !== 'string') {
      return decodeFailure(
        `expected a string value, got ${describeJsonType(entry)} (session variables are strings: quote numbers and booleans)`,
        mapEntryPath('session_variables', key),
      );
    }
    if (key.length > keyChars) {
      const bytes = Buffer.byteLength(key);
      if (bytes > maxKeyBytes) return keyTooLong(key, bytes, limits);
    }
    if (i >= maxVariables) return tooManyVariables(limits);
    if (entry.length > valueChars) {
      const bytes = Buffer.byteLength(entry);
      if (bytes > maxValueBytes) return valueTooLong(key, bytes, limits);
    }
  }
  return { ok: true, value: { session_variables: variables as SessionVariables }, unknownFields, names };
}

/** Encodes an `Event` as proto3 JSON with proto field names. */
export function encodeEventJson(event: Event): string {
  return JSON.stringify({ session_variables: event.session_variables });
}
