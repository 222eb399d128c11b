import type { IncomingMessage } from 'node:http';
import { BodyBuffer } from './body-buffer';
import type { HttpError } from './errors';
import type { BodyReservation } from './bound-inflight-bytes';
import { decodeUtf8 } from './decode-utf8';
import { explainInvalidUtf8 } from './invalid-utf8';

export type BodyRead = { ok: true; value: unknown } | { ok: false; error: HttpError };

export function tooLarge(limit: number): HttpError {
  return {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: `request body is larger than the limit of ${limit} bytes`,
  };
}

/**
 * Reads a request body of at most `maxBodyBytes` and parses it as JSON, growing
 * `reservation` to the body's size as it arrives (a declared length is
 * reserved, and refused, before any byte is read). The reservation is the
 * caller's to release, once the answer is written: the parsed event is held
 * until then. Never rejects: every failure is an `HttpError` for the caller to
 * send, and the promise settles however the request ends.
 */
export function readJsonBody(
  req: IncomingMessage,
  declared: number | undefined,
  maxBodyBytes: number,
  reservation: BodyReservation,
): Promise<BodyRead> {
  return new Promise((resolve) => readJsonBodyThen(req, declared, maxBodyBytes, reservation, resolve));
}

/**
 * `readJsonBody`, calling `done` exactly once, however the request ends, rather than settling a promise:
 * the event endpoint's hot path answers from within the request's `end` event, without a turn of the
 * microtask queue. `done` is called from the request's events: it must not throw.
 */
export function readJsonBodyThen(
  req: IncomingMessage,
  declared: number | undefined,
  maxBodyBytes: number,
  reservation: BodyReservation,
  done: (read: BodyRead) => void,
): void {
  if (declared !== undefined && !reservation.tryGrowTo(declared))
    return done({ ok: false, error: reservation.refusal() });
  const body = new BodyBuffer(declared, maxBodyBytes);
  let finished = false;
  const finish = (result: BodyRead): void => {
    if (finished) return;
    finished = true;
    done(result);
  };
  const refuse = (error: HttpError): void => {
    body.discard();
    finish({ ok: false, error });
  };
  req.on('data', (chunk: Buffer) => {
    if (finished) return;
    const size = body.size + chunk.length;
    if (size > maxBodyBytes) return refuse(tooLarge(maxBodyBytes));
    if (!reservation.tryGrowTo(size)) return refuse(reservation.refusal());
    body.append(chunk);
  });
  req.on('error', (error) => refuse(unreadable(error.message)));
  req.on('end', () => {
    const bytes = body.bytes();
    // The listeners keep `body` for as long as the request lives: let the bytes go once parsed.
    body.discard();
    finish(parseJson(bytes));
  });
  req.on('close', () => refuse(unreadable('the connection closed before the body ended')));
}

function unreadable(reason: string): HttpError {
  return { status: 400, code: 'INVALID_ARGUMENT', message: `could not read the request body: ${reason}` };
}

function parseJson(bytes: Buffer): BodyRead {
  const text = decodeUtf8(bytes);
  if (text === undefined) return { ok: false, error: explainInvalidUtf8(bytes) };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    // As over gRPC, where a zero-length message is an Event with no variables: an empty body (or one of
    // blanks only, as JSON decoders of gateway bindings read it) is an event with no variables.
    if (text.trim() === '') return { ok: true, value: {} };
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
