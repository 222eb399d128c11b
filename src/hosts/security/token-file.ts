/**
 * Shortest bearer token accepted, in characters. A token is a password sent on every call: 16 characters
 * of `openssl rand -hex 32` (64) are far from guessable, while a short hand-typed word would be.
 */
export const MIN_TOKEN_LENGTH = 16;

/** Visible ASCII only: what an HTTP header and gRPC metadata carry as they are (RFC 9110 5.5, gRPC ASCII values). */
const TOKEN_CHARS = /^[\x21-\x7e]+$/;

export type TokenFileContents = { ok: true; tokens: string[] } | { ok: false; message: string };

/**
 * The tokens of a tokens file: one per line, each line trimmed of surrounding blanks (and a CR); blank lines
 * and lines starting with `#` ignored; duplicates kept once. Refuses a token that is too short or holds a
 * character that is not visible ASCII, naming its line but never showing it, and a file with no token at all:
 * a server protected by an empty set would refuse everything, surely not what was meant.
 */
export function parseTokenFile(text: string, file: string): TokenFileContents {
  const tokens = new Set<string>();
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] as string).trim();
    if (line === '' || line.startsWith('#')) continue;
    const where = `${file}:${i + 1}`;
    if (!TOKEN_CHARS.test(line))
      return { ok: false, message: `${where}: a token must be visible ASCII, without spaces inside` };
    if (line.length < MIN_TOKEN_LENGTH)
      return {
        ok: false,
        message: `${where}: a token must be at least ${MIN_TOKEN_LENGTH} characters long (this one has ${line.length}); generate one with: openssl rand -hex 32`,
      };
    tokens.add(line);
  }
  if (tokens.size === 0)
    return {
      ok: false,
      message: `${file} holds no token (only blank lines and # comments): add one per line`,
    };
  return { ok: true, tokens: [...tokens] };
}
