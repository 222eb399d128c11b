import { MIN_TOKEN_LENGTH, parseTokenFile } from './token-file';

const A = 'a'.repeat(MIN_TOKEN_LENGTH);
const B = 'b0123456789abcdef0123';

describe('parseTokenFile', () => {
  it('reads one token per line, trimmed, skipping blank lines and # comments, each once', () => {
    const text = `# current\n  ${A}  \r\n\n\t${B}\n# old, remove after rotation\n${A}\n`;
    expect(parseTokenFile(text, 'tokens')).toEqual({ ok: true, tokens: [A, B] });
  });

  it(`refuses a token shorter than ${MIN_TOKEN_LENGTH} characters, naming the line but not the token`, () => {
    const result = parseTokenFile(`${A}\nshort-secret\n`, '/etc/rulehook/tokens');
    expect(result).toEqual({
      ok: false,
      message: `/etc/rulehook/tokens:2: a token must be at least ${MIN_TOKEN_LENGTH} characters long (this one has 12); generate one with: openssl rand -hex 32`,
    });
    expect(!result.ok && result.message).not.toContain('short-secret');
  });

  it.each([
    ['a space inside', `${A} ${A}`],
    ['a character that is not ASCII', `${A}é`],
  ])('refuses a token with %s', (_case, token) => {
    expect(parseTokenFile(token, 'tokens')).toEqual({
      ok: false,
      message: 'tokens:1: a token must be visible ASCII, without spaces inside',
    });
  });

  it.each([
    ['an empty file', ''],
    ['comments and blank lines only', '# no token yet\n\n   \n'],
  ])('refuses %s', (_case, text) => {
    expect(parseTokenFile(text, 'tokens')).toEqual({
      ok: false,
      message: 'tokens holds no token (only blank lines and # comments): add one per line',
    });
  });
});
