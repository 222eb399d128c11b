/** The error codes of the console's JSON API (docs/console.md, "JSON API"). */
export type ConsoleErrorCode =
  | 'BAD_REQUEST'
  | 'OUTSIDE_PACK'
  | 'READ_ONLY'
  | 'CROSS_ORIGIN'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'PAYLOAD_TOO_LARGE'
  | 'RULES_INVALID'
  | 'BAD_RECORDING'
  | 'TEST_INVALID'
  | 'SANDBOX_UNREACHABLE'
  | 'SANDBOX_FAILED'
  | 'INTERNAL';

/** What an endpoint answers: a status and a JSON body, written by the router. */
export interface ApiResult {
  status: number;
  body: unknown;
}

/** `{error: {code, message}}` (and any extra fields, such as `diagnostics`): the one shape of every error. */
export function failWith(
  status: number,
  code: ConsoleErrorCode,
  message: string,
  extra: Record<string, unknown> = {},
): ApiResult {
  return { status, body: { error: { code, message }, ...extra } };
}

/** A request field that is not what the endpoint takes: 400, the message naming the field. */
export function refuseField(field: string, message: string): ApiResult {
  return failWith(400, 'BAD_REQUEST', `${field}: ${message}`);
}

/** A field read from a request body, or the 400/403 answer that refuses it. */
export type FieldRead<T> = { ok: true; value: T } | { ok: false; result: ApiResult };

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Names a JSON value's kind for a message: `a number`, `an array`, `null`. */
export function describeKind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}
