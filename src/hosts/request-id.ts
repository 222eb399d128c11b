import { randomBytes } from 'node:crypto';

/** The header (HTTP) and metadata key (gRPC) an engine may send its own id of a request in. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** Longest request id taken from a caller; a longer one (or one with other characters) is replaced. */
export const MAX_REQUEST_ID_CHARS = 128;

/** Visible ASCII only: an id goes into every log line and the decision log, and must not forge or split one. */
const REQUEST_ID = /^[\x21-\x7e]+$/;

/** The caller's request id if it is one rulehook keeps (a string of 1-128 visible ASCII characters). */
export function readRequestId(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= MAX_REQUEST_ID_CHARS && REQUEST_ID.test(value)
    ? value
    : undefined;
}

/**
 * Request ids for events that come without one: a random prefix drawn once per process (48 bits, so
 * that the workers and restarts of a fleet do not collide) and a counter, `Qm9fXz1a-1`, `Qm9fXz1a-2`, ...
 * A counter costs about 26 ns an id, `crypto.randomUUID` 50-150 ns (measured on node 20), and ids
 * need to be unique, not unguessable.
 */
export class RequestIds {
  private readonly prefix = randomBytes(6).toString('base64url') + '-';
  private count = 0;

  next(): string {
    return this.prefix + (++this.count).toString(36);
  }
}
