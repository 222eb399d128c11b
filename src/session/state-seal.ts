import { createHmac, timingSafeEqual } from 'node:crypto';

/** Characters of the base64url HMAC kept: 128 bits, beyond guessing. */
const MAC_CHARS = 22;

/**
 * Names this encoding inside the MAC, so that no other text keyed with the
 * same secret (today or in a later format) can stand for a sealed state.
 */
const SEAL_FORMAT = 'rulehook-state-seal/2';

/** A seal's generation: 1 for the first state sealed for a call, one more for each later one. */
const GENERATION = /^[1-9][0-9]{0,14}$/;

/** What a seal vouches for, all of it bound into the MAC. */
export interface SealedFields {
  /** The call's id: the value of the seal's session key. */
  sessionId: string;
  /** How many states this deployment sealed for the call, this one included. */
  generation: number;
  /** The carried parts' texts in a fixed order; undefined for a part the session does not hold. */
  texts: readonly (string | undefined)[];
}

/**
 * Seals the state variables a session carries to that session, with the
 * state secret. `rulehook.mac` is `<generation>.<mac>`: the MAC is an
 * HMAC-SHA256 of a canonical encoding of every field (a JSON array of
 * strings, numbers and nulls: each field's extent is unambiguous whatever
 * characters it holds, NUL and unpaired surrogates included). Whoever can set
 * session variables but does not hold the secret can then neither forge a state
 * (hide that a `once` rule fired, slip entries into the filter) nor copy one
 * from another call; the generation lets a store refuse an older state of the
 * same call. Compared in constant time.
 */
export class StateSeal {
  /** `sessionKey`: the variable that names the call (`--session-key`), bound into every seal. */
  constructor(
    private readonly secret: string,
    private readonly sessionKey: string,
  ) {}

  sign(fields: SealedFields): string {
    return `${fields.generation}.${this.mac(fields)}`;
  }

  /** The generation of a seal that holds for `fields` (whose own generation is ignored), else undefined. */
  open(fields: Omit<SealedFields, 'generation'>, seal: string | undefined): number | undefined {
    if (seal === undefined) return undefined;
    const dot = seal.indexOf('.');
    if (dot < 0 || seal.length - dot - 1 !== MAC_CHARS) return undefined;
    const generationText = seal.slice(0, dot);
    if (!GENERATION.test(generationText)) return undefined;
    const generation = Number(generationText);
    const expected = Buffer.from(this.mac({ sessionId: fields.sessionId, texts: fields.texts, generation }));
    // Bytes, not characters: a non-ASCII seal of the right length must not reach timingSafeEqual unequal.
    const given = Buffer.from(seal.slice(dot + 1));
    return given.length === expected.length && timingSafeEqual(expected, given) ? generation : undefined;
  }

  private mac(fields: SealedFields): string {
    const encoded = JSON.stringify([
      SEAL_FORMAT,
      this.sessionKey,
      fields.sessionId,
      fields.generation,
      ...fields.texts.map((text) => text ?? null),
    ]);
    return createHmac('sha256', this.secret).update(encoded).digest('base64url').slice(0, MAC_CHARS);
  }
}
