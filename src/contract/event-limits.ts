import { decodeFailure, mapEntryPath, type DecodeError } from './decode-result';
import { formatCount } from '../terminal/format-count';

/**
 * Bounds on one event, checked by both decoders inside the loop that already
 * visits every session variable, so that no event can make the webhook do
 * unbounded work or hold unbounded memory past decoding. Byte counts are UTF-8
 * bytes, as on the wire. Each bound is a flag of `rulehook serve`, named in
 * the error so that whoever reads it knows which setting to raise.
 */
export interface EventLimits {
  /** Most session variables (distinct names) in one event: `--max-variables`. */
  maxVariables: number;
  /** Longest session variable name, in bytes: `--max-key-bytes`. */
  maxKeyBytes: number;
  /** Longest session variable value, in bytes: `--max-value-bytes`. */
  maxValueBytes: number;
}

export const DEFAULT_EVENT_LIMITS: Readonly<EventLimits> = Object.freeze({
  maxVariables: 10_000,
  maxKeyBytes: 1024,
  maxValueBytes: 262_144,
});

/** No bound: for events a server already accepted (a recording may come from one with raised limits). */
export const NO_EVENT_LIMITS: Readonly<EventLimits> = Object.freeze({
  maxVariables: Infinity,
  maxKeyBytes: Infinity,
  maxValueBytes: Infinity,
});

/** How much of an over-long name an error quotes: enough to recognise it, never the whole of it. */
const NAME_PREVIEW_CHARS = 40;

/** Re-exported: the hosts format their own limits (bytes, timeouts) in messages with it, importing it from here. */
export { formatCount };

type Failure = { ok: false; error: DecodeError };

export function tooManyVariables(limits: EventLimits): Failure {
  const max = formatCount(limits.maxVariables);
  return decodeFailure(
    `the event has more than ${max} session variables; at most ${max} allowed (--max-variables)`,
    'session_variables',
  );
}

/** `name` may be as long as the message itself: it is quoted truncated. */
export function keyTooLong(name: string, bytes: number, limits: EventLimits): Failure {
  const preview = name.length > NAME_PREVIEW_CHARS ? `${name.slice(0, NAME_PREVIEW_CHARS)}...` : name;
  return decodeFailure(
    `session variable name '${preview}' has ${formatCount(bytes)} bytes; at most ${formatCount(limits.maxKeyBytes)} allowed (--max-key-bytes)`,
    'session_variables',
  );
}

export function valueTooLong(name: string, bytes: number, limits: EventLimits): Failure {
  return decodeFailure(
    `session variable '${name}' has a value of ${formatCount(bytes)} bytes; at most ${formatCount(limits.maxValueBytes)} allowed (--max-value-bytes)`,
    mapEntryPath('session_variables', name),
  );
}
