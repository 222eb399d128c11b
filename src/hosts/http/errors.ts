import { STATUS_CODES, type ServerResponse } from 'node:http';

/** Error codes of the HTTP host's JSON error body (docs/contract.md). */
export type HttpErrorCode =
  | 'INVALID_ARGUMENT'
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'REQUEST_TIMEOUT'
  | 'EXPECTATION_FAILED'
  | 'HEADERS_TOO_LARGE'
  | 'TOO_MANY_REQUESTS'
  | 'INTERNAL'
  | 'UNAVAILABLE';

export interface HttpError {
  status: number;
  code: HttpErrorCode;
  message: string;
  field?: string;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** `{ "error": { code, message, field? } }`: the one shape of every error body. */
export function formatErrorBody(error: HttpError): string {
  const body: { code: string; message: string; field?: string } = {
    code: error.code,
    message: error.message,
  };
  if (error.field !== undefined) body.field = error.field;
  return JSON.stringify({ error: body });
}

/** Writes the error body with the given status. */
export function sendHttpError(
  res: ServerResponse,
  error: HttpError,
  headers: Record<string, string | string[]> = {},
): void {
  const text = formatErrorBody(error);
  res.writeHead(error.status, {
    ...headers,
    'content-type': JSON_TYPE,
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

/** Writes a JSON body with the given status. The headers as a flat list: Node then has no object to walk. */
export function sendJson(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, ['content-type', JSON_TYPE, 'content-length', String(Buffer.byteLength(text))]);
  res.end(text);
}

/**
 * A whole HTTP/1.1 error response closing the connection, as bytes to write on
 * a raw socket: for the errors Node's parser finds before any request object exists.
 */
export function formatRawErrorResponse(error: HttpError): string {
  const text = formatErrorBody(error);
  return (
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? ''}\r\n` +
    `content-type: ${JSON_TYPE}\r\n` +
    `content-length: ${Buffer.byteLength(text)}\r\n` +
    'connection: close\r\n\r\n' +
    text
  );
}
