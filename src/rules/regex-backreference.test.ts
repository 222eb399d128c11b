import { RE2JS } from 're2js';
import { compileRegex } from './regex';

/** The pattern with the rewrite applied; it must compile, and match what the refused pattern meant. */
function rewrite(pattern: string): { message: string; fixed?: string } {
  const found = compileRegex(pattern);
  if (found.ok) throw new Error(`${pattern} compiled`);
  if (!found.rewrite) return { message: found.message };
  const { at, text } = found.rewrite;
  return { message: found.message, fixed: pattern.slice(0, at.start) + text + pattern.slice(at.end) };
}

/** What JavaScript's backtracking engine says, for the texts given: the meaning the author had in mind. */
function expectSameMatches(pattern: string, fixed: string, texts: readonly string[]): void {
  const meant = new RegExp(pattern);
  const re2 = RE2JS.compile(fixed);
  for (const text of texts)
    expect({ text, matches: re2.test(text) }).toEqual({ text, matches: meant.test(text) });
}

describe('what to write instead of a backreference', () => {
  it.each([
    ['(a)\\1', 'a{2}', 'count the repeat: write `a{2}` for `(a)\\1`'],
    ['^x(\\.)\\1y$', '^x\\.{2}y$', 'always matches `.`'],
    ['(ab)\\1+', '(ab)(?:ab)+', 'write `(?:ab)` in place of `\\1`'],
    ['(?<d>-)x\\k<d>', '(?<d>-)x-', 'write `-` in place of `\\k<d>`'],
  ])('writes out the text of a group that always matches it: %s -> %s', (pattern, fixed, said) => {
    const found = rewrite(pattern);
    expect(found.fixed).toBe(fixed);
    expect(found.message).toContain(said);
    expectSameMatches(pattern, fixed, ['aa', 'a', 'x..y', 'x.y', 'ab', 'abab', 'ababab', '-x-', '-x']);
  });

  it.each([
    ['^(\\d)\\1$', '^(?:00|11|22|33|44|55|66|77|88|99)$'],
    ['([a-c])\\1{2}', '(?:aa{2}|bb{2}|cc{2})'],
    ['x([.+])\\1+', 'x(?:\\.\\.+|\\+\\++)'],
  ])('lists the repeats of one character of a small set: %s -> %s', (pattern, fixed) => {
    const found = rewrite(pattern);
    expect(found.fixed).toBe(fixed);
    expect(found.message).toContain(`list the repeats instead: \`${fixed.replace(/^\^|\$$|^x/g, '')}\``);
    expectSameMatches(pattern, fixed, ['11', '12', '1', 'aaa', 'aab', 'ccc', 'x..', 'x.+', 'x+++', '99']);
  });

  it.each(['(.)\\1', '(\\w+) \\1', '(a|b)\\1', '(a)?\\1', '(?:(a)x)\\1', '([a-z0-9])\\1'])(
    'explains what works for repeated characters when nothing exact can be written: %s',
    (pattern) => {
      const found = rewrite(pattern);
      expect(found.fixed).toBeUndefined();
      expect(found.message).toContain(
        'stands for whatever its group matched, which RE2 cannot express; for a repeated character, list the repeats you mean (`(?:aa|bb|cc)`), or count a known one (`a{2}`)',
      );
    },
  );
});
