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
 * glob's variables changed between two events. Keyed by prefixing the secret rather
 * than HMAC: a fingerprint only needs to resist being reversed (length
 * extension forges nothing here), and the one-shot hash costs a quarter of an
 * HMAC on the per-event path. Every process serving one engine must use the
 * same secret (`--state-secret`), or their fingerprints do not compare; without
 * one the fingerprint is unkeyed, which hides a value from a glance but not
 * from someone testing guesses of a short value.
 */
export function createFingerprint(secret = ''): Fingerprint {
  const prefix = `${secret}\u0000`;
  return (key, value) => hash('sha256', `${prefix}${key}\u0000${value}`, 'base64url').slice(0, 11);
}
