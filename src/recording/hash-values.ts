import { createHmac, randomBytes } from 'node:crypto';

/** What a redacted value starts with, so that readers know it is not the engine's value. */
export const REDACTED_PREFIX = 'redacted:';

/** Values whose hash is remembered at most (they come from the wire). */
const MAX_CACHED = 10_000;
/** Values longer than this (transcripts, custom data) are hashed each time rather than cached. */
const MAX_CACHED_VALUE_CHARS = 64;

/** A random key for one process: values stay correlated within the recording, and nobody can test guesses later. */
export function createRandomRedactionKey(): Buffer {
  return randomBytes(32);
}

/** The redacted form of one value: `redacted:` and 132 bits of HMAC-SHA256 under `key`, in base64url. */
export function hashValue(key: Buffer | string, value: string): string {
  return REDACTED_PREFIX + createHmac('sha256', key).update(value, 'utf8').digest('base64url').slice(0, 22);
}

/**
 * hashValue under one key, remembered: a caller's number is on every event of the call, and an HMAC costs
 * microseconds. Only short values are kept, so the cache stays small and long personal texts are not held
 * in clear.
 */
export function createValueHasher(key: Buffer | string): (value: string) => string {
  const hashes = new Map<string, string>();
  return (value) => {
    if (value.length > MAX_CACHED_VALUE_CHARS) return hashValue(key, value);
    let hashed = hashes.get(value);
    if (hashed === undefined) {
      if (hashes.size >= MAX_CACHED) hashes.clear();
      hashes.set(value, (hashed = hashValue(key, value)));
    }
    return hashed;
  };
}
