import { isUtf8 } from 'node:buffer';
import type { IncomingMessage } from 'node:http';
import type { HttpError } from './errors';
import { explainInvalidUtf8 } from './invalid-utf8';

export type BodyRead = { ok: true; value: unknown } | { ok: false; error: HttpError };

const UTF8_BOM = 0xfeff;

/**
 * Accepts `application/json`, optionally with `charset=utf-8` (JSON is UTF-8 on
 * the wire, RFC 8259); any other media type or charset is refused with 415.
 */
export function checkJsonContentType(header: string | undefined): HttpError | undefined {
  if (header === 'application/json') return undefined;
  const [mediaType = '', ...params] = (header ?? '').split(';');
  if (mediaType.trim().toLowerCase() !== 'application/json') {
    return {
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: `expected content-type application/json, got ${header === undefined ? 'none' : JSON.stringify(header)}`,
    };
  }
  for (const param of params) {
    const [name = '', value = ''] = param.split('=');
    const charset = value.trim().replace(/^"|"$/g, '').toLowerCase();
    if (name.trim().toLowerCase() === 'charset' && charset !== 'utf-8' && charset !== 'utf8') {
      return {
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: `expected charset utf-8, got ${JSON.stringify(charset)}`,
      };
    }
  }
  return undefined;
}

export function tooLarge(limit: number): HttpError {
  return {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: `request body is larger than the limit of ${limit} bytes`,
  };
}

/**
 * Reads a request body of at most `limit` bytes and parses it as JSON. Never
 * rejects: every failure is an `HttpError` for the caller to send.
 */
export function readJsonBody(req: IncomingMessage, limit: number): Promise<BodyRead> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (result: BodyRead): void => {
      if (done) return;
      done = true;
      resolve(result);
    };
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0;
        finish({ ok: false, error: tooLarge(limit) });
        return;
      }
      chunks.push(chunk);
    });
    req.on('error', (error) =>
      finish({
        ok: false,
        error: {
          status: 400,
          code: 'INVALID_ARGUMENT',
          message: `could not read the request body: ${error.message}`,
        },
      }),
    );
    req.on('end', () =>
      finish(parseJson(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size))),
    );
  });
}

function parseJson(bytes: Buffer): BodyRead {
  if (!isUtf8(bytes)) return { ok: false, error: explainInvalidUtf8(bytes) };
  let text = bytes.toString('utf8');
  if (text.charCodeAt(0) === UTF8_BOM) text = text.slice(1);
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return {
      ok: false,
      error: {
        status: 400,
        code: 'INVALID_ARGUMENT',
        message: `request body is not valid JSON: ${(error as Error).message}`,
      },
    };
  }
}
