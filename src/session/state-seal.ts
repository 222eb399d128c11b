import { createHmac, timingSafeEqual } from 'node:crypto';

/** Characters of the base64url HMAC kept: 128 bits, beyond guessing. */
const MAC_CHARS = 22;

/**
 * Seals the state variables a session carries to that session, with the
 * state secret: an HMAC-SHA256 of the session id and the three parts' texts.
 * Whoever can set session variables but does not hold the secret can then
 * neither forge a state (hide that a `once` rule fired, slip entries into the
 * filter) nor copy one from another call. Compared in constant time.
 */
export class StateSeal {
  constructor(private readonly secret: string) {}

  sign(sessionId: string, texts: readonly string[]): string {
    const hmac = createHmac('sha256', this.secret).update(sessionId);
    for (const text of texts) hmac.update('\u0000').update(text);
    return hmac.digest('base64url').slice(0, MAC_CHARS);
  }

  verify(sessionId: string, texts: readonly string[], mac: string | undefined): boolean {
    if (mac === undefined || mac.length !== MAC_CHARS) return false;
    return timingSafeEqual(Buffer.from(this.sign(sessionId, texts)), Buffer.from(mac));
  }
}
