import { hash } from 'node:crypto';

/**
 * Fingerprints what a `changed` glob matched (`key`: the glob; `value`: the
 * sorted names and values of its variables): equal fingerprints mean equal
 * variables, and the values cannot be read back.
 */
export type Fingerprint = (key: string, value: string) => string;

/**
 * SHA-256 of the secret, the key and the value, truncated to 64 bits (11
 * base64url characters): collisions are negligible for telling whether a
 * glob's variables changed between two events. A keyed pseudorandom function:
 * keyed by prefixing the secret, which truncation makes sound (length extension
 * needs the 192 bits withheld), rather than by HMAC, which costs several times
 * as much per call (docs/architecture.md says why this is a PRF). `crypto.hash`
 * builds no object per call. Every process serving one engine must use the
 * same secret (`--state-secret`), or their fingerprints do not compare; without
 * one the fingerprint is unkeyed, which hides a value from a glance but not
 * from someone testing guesses of a short value.
 */
export function createFingerprint(secret = ''): Fingerprint {
  const prefix = `${secret}\u0000`;
  return (key, value) => hash('sha256', `${prefix}${key}\u0000${value}`, 'base64url').slice(0, 11);
}
