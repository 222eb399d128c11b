import type { ServerResponse } from 'node:http';

/** Error codes of the HTTP host's JSON error body (docs/contract.md). */
export type HttpErrorCode =
  | 'INVALID_ARGUMENT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'INTERNAL';

export interface HttpError {
  status: number;
  code: HttpErrorCode;
  message: string;
  field?: string;
}

/** Writes `{ "error": { code, message, field? } }` with the given status. */
export function sendHttpError(
  res: ServerResponse,
  error: HttpError,
  headers: Record<string, string> = {},
): void {
  const body: { code: string; message: string; field?: string } = {
    code: error.code,
    message: error.message,
  };
  if (error.field !== undefined) body.field = error.field;
  const text = JSON.stringify({ error: body });
  res.writeHead(error.status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

export function sendJson(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}
