/**
 * The HTTP status of an IVR bot or audio processing answer, from its
 * `vendor.rpc.Status` as docs/contract.md ("Mapping of Status codes to HTTP
 * status codes") decides: a non-zero `http_trans_code` wins, else the table;
 * an absent status or an unknown code is 500.
 */
const HTTP_BY_CODE: Readonly<Record<string, number>> = {
  OK: 200,
  BAD_REQUEST: 400,
  INVALID_REQUEST: 400,
  NOT_AUTHORIZED: 401,
  PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  ALREADY_EXISTS: 409,
  OBSOLETE: 410,
  TOO_LARGE: 413,
  RATE_EXCEEDED: 429,
  QUOTA_EXCEEDED: 429,
  CANCELLED_CLIENT: 499,
  CANCELLED_SERVER: 499,
  INTERNAL_ERROR: 500,
  UNKNOWN: 500,
  UNSPECIFIED: 500,
  NOT_IMPLEMENTED: 501,
  BUSY: 503,
  DEADLINE_EXCEEDED: 504,
};

export function mapStatusToHttp(
  status: { status_code?: unknown; http_trans_code?: unknown } | undefined,
): number {
  const override = status?.http_trans_code;
  if (typeof override === 'number' && override >= 100 && override <= 599) return override;
  return HTTP_BY_CODE[String(status?.status_code ?? 'UNSPECIFIED')] ?? 500;
}

/** Every StatusCode name with its HTTP status (for tests and docs). */
export const STATUS_HTTP_TABLE: Readonly<Record<string, number>> = HTTP_BY_CODE;
