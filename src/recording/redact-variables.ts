import { createHmac, randomBytes } from 'node:crypto';
import type { SessionVariables } from '../contract';
import { compileGlob } from '../glob';

/** What a redacted value starts with, so that readers know it is not the engine's value. */
export const REDACTED_PREFIX = 'redacted:';

/** Variable names whose match result, and values whose hash, are remembered at most (both come from the wire). */
const MAX_CACHED = 10_000;
/** Values longer than this (transcripts, custom data) are hashed each time rather than cached. */
const MAX_CACHED_VALUE_CHARS = 64;

/** Replaces the values of matching variables; returns the same object when nothing matches. */
export type Redactor = (variables: SessionVariables) => SessionVariables;

/** A random key for one process: values stay correlated within the recording, and nobody can test guesses later. */
export function createRandomRedactionKey(): Buffer {
  return randomBytes(32);
}

/**
 * A redactor for `--redact GLOB...`: the value of every variable whose name
 * matches a glob (the syntax of `changed`; `serve` refuses a glob that does
 * not compile before it starts, and one reaching here throws rather than
 * redact nothing) becomes `redacted:` and an
 * HMAC-SHA256 of the value under `key` (132 bits, base64url). The same value
 * gives the same hash under the same key, so sessions stay correlated; without
 * the key a hash cannot be checked against a guess.
 */
export function createRedactor(globs: readonly string[], key: Buffer | string): Redactor {
  const matchers = globs.map((glob) => {
    const compiled = compileGlob(glob);
    if (!compiled.ok) throw new TypeError(`--redact '${glob}': ${compiled.message}`);
    return compiled.test;
  });
  const cache = new Map<string, boolean>();
  // A caller's number is on every event of the call: hash it once (an HMAC costs microseconds). Only short
  // values are kept, so the cache stays small and long personal texts are not held in clear.
  const hashes = new Map<string, string>();
  const hash = (value: string): string => {
    if (value.length > MAX_CACHED_VALUE_CHARS) return hashValue(key, value);
    let hashed = hashes.get(value);
    if (hashed === undefined) {
      if (hashes.size >= MAX_CACHED) hashes.clear();
      hashes.set(value, (hashed = hashValue(key, value)));
    }
    return hashed;
  };
  const matches = (name: string): boolean => {
    let hit = cache.get(name);
    if (hit === undefined) {
      hit = matchers.some((isMatch) => isMatch(name));
      if (cache.size < MAX_CACHED) cache.set(name, hit);
    }
    return hit;
  };
  return (variables) => {
    let out: SessionVariables | undefined;
    for (const name of Object.keys(variables)) {
      if (!matches(name)) continue;
      out ??= { ...variables };
      out[name] = hash(variables[name] as string);
    }
    return out ?? variables;
  };
}

/** The redacted form of one value. */
export function hashValue(key: Buffer | string, value: string): string {
  return REDACTED_PREFIX + createHmac('sha256', key).update(value, 'utf8').digest('base64url').slice(0, 22);
}
