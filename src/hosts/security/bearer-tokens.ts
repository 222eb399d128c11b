import { createHash, timingSafeEqual } from 'node:crypto';
import { describeRefusedRead, readRegularFile } from '../../files/read-regular-file';
import { parseTokenFile } from './token-file';
import { SECURITY_FILE_LIMITS } from './security-file-limits';

export type TokensLoad = { ok: true; tokens: BearerTokens } | { ok: false; message: string };
export type TokensReload = { ok: true; count: number } | { ok: false; message: string };

const digest = (token: string): Buffer => createHash('sha256').update(token, 'utf8').digest();

async function readDigests(
  file: string,
): Promise<{ ok: true; digests: Buffer[] } | { ok: false; message: string }> {
  const read = await readRegularFile(file, SECURITY_FILE_LIMITS);
  if (!read.ok)
    return {
      ok: false,
      message: `cannot read the tokens file ${file}${describeRefusedRead(read, SECURITY_FILE_LIMITS)}`,
    };
  const parsed = parseTokenFile(read.bytes.toString('utf8'), file);
  return parsed.ok ? { ok: true, digests: parsed.tokens.map(digest) } : parsed;
}

/**
 * The set of bearer tokens a server accepts (`--auth-tokens-file`), any of them valid: several at once let a
 * token be rotated without downtime (add the new one, reload, move the callers, remove the old one, reload).
 * Only SHA-256 digests are kept. A presented token is compared, digest to digest, with every token of the set
 * by `timingSafeEqual`: the digests have one length whatever the token's, and no comparison stops early, so
 * the time taken says nothing about how much of a token matched, nor which one.
 */
export class BearerTokens {
  private constructor(
    readonly file: string,
    private digests: Buffer[],
  ) {}

  static async load(file: string): Promise<TokensLoad> {
    const read = await readDigests(file);
    return read.ok ? { ok: true, tokens: new BearerTokens(file, read.digests) } : read;
  }

  /** Tokens in the set. */
  get count(): number {
    return this.digests.length;
  }

  /**
   * Reads the file again and swaps the set in at once; on any error (unreadable, a bad token, no token) keeps
   * the set it had and says why. Calls checked before the swap used the old set, those after it the new one.
   */
  async reload(): Promise<TokensReload> {
    const read = await readDigests(this.file);
    if (!read.ok)
      return { ok: false, message: `${read.message}; keeping the ${this.count} tokens loaded before` };
    this.digests = read.digests;
    return { ok: true, count: read.digests.length };
  }

  /** Whether `token` is one of the set, in time independent of where or whether it matches. */
  matches(token: string): boolean {
    const presented = digest(token);
    let found = false;
    for (const known of this.digests) found = timingSafeEqual(presented, known) || found;
    return found;
  }
}
