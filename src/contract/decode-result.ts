/**
 * Outcome of decoding a message from the wire. Decoding never throws for bad
 * input: a bad message is a value the host turns into a 400 / INVALID_ARGUMENT.
 */
export interface DecodeError {
  /** Proto-style path of the offending field, e.g. `session_variables["caller.ani"]`. */
  field?: string;
  /** What is wrong and what was expected, for a human reading an error response. */
  message: string;
}

export type Decoded<T> =
  | {
      ok: true;
      value: T;
      /** Fields ignored because this version does not know them. */ unknownFields: number;
      /**
       * The event's variable names, as listing its map's own keys gives them, when the decoder listed
       * them anyway: what reads every name per event takes them from here rather than listing them again.
       */
      names?: readonly string[];
    }
  | { ok: false; error: DecodeError };

export function decodeFailure(message: string, field?: string): { ok: false; error: DecodeError } {
  return { ok: false, error: field === undefined ? { message } : { message, field } };
}

/** Names a JSON value's type the way an error message for a rule author should. */
export function describeJsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

/** Formats a map entry's path, quoting the key as JSON so any character is readable. */
export function mapEntryPath(field: string, key: string): string {
  return `${field}[${JSON.stringify(key)}]`;
}
