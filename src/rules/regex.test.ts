import { compileRegex } from './regex';

const problem = (pattern: string) => {
  const compiled = compileRegex(pattern);
  if (compiled.ok) throw new Error(`${pattern} compiled`);
  return compiled;
};

describe('compileRegex', () => {
  it('compiles RE2 syntax, unanchored and case-sensitive', () => {
    const compiled = compileRegex('^[0-9]{8}$');
    expect(compiled.ok && [compiled.matcher.test('12345678'), compiled.matcher.test('1234567x')]).toEqual([
      true,
      false,
    ]);
    const word = compileRegex('fraud');
    expect(word.ok && [word.matcher.test('no fraud here'), word.matcher.test('FRAUD')]).toEqual([
      true,
      false,
    ]);
    const unicode = compileRegex('^\\p{Greek}+$');
    expect(unicode.ok && unicode.matcher.test('αβγ')).toBe(true);
  });

  // Linear time is what RE2 guarantees; a backtracking engine would not finish this in the age of the
  // universe (2^10,000 paths), so the test would hang and hit jest's timeout rather than assert a duration.
  it('answers a pattern that backtracking engines never finish on', () => {
    const compiled = compileRegex('(a+)+$');
    if (!compiled.ok) throw new Error('(a+)+$ must compile');
    expect(compiled.matcher.test(`${'a'.repeat(10_000)}b`)).toBe(false);
    expect(compiled.matcher.test('a'.repeat(10_000))).toBe(true);
  });

  it.each([
    ['(a)\\1', 'backreferences', '\\1'],
    ['(?<n>a)\\k<n>', 'named backreferences', '\\k'],
    ['a(?=b)', 'lookahead', '(?='],
    ['a(?!b)', 'lookahead', '(?!'],
    ['(?<=a)b', 'lookbehind', '(?<=a)b'],
    ['(?<!a)b', 'lookbehind', '(?<!a)b'],
    ['(?>a+)b', 'atomic groups', '(?>'],
    ['a++b', 'possessive quantifiers', '++'],
    ['caf\\u00e9', '`\\u` escapes', '\\u'],
    ['\\cA', 'control escapes', '\\c'],
    ['[^]', '`[^]`', '[^]'],
  ])('refuses %s as unsupported, naming the construct and pointing at it', (pattern, what, at) => {
    const found = problem(pattern);
    expect(found.code).toBe('REGEX_UNSUPPORTED');
    expect(found.message).toContain(what);
    expect(found.message).toContain('RE2');
    expect(found.at && pattern.slice(found.at.start, found.at.end)).toBe(at);
  });

  it('refuses other JavaScript-only syntax as unsupported, with the RE2 message', () => {
    const found = problem('a\\Z');
    expect(found).toMatchObject({ code: 'REGEX_UNSUPPORTED' });
    expect(found.message).toContain('invalid escape sequence (`\\Z`): valid in JavaScript');
  });

  it('reports malformed expressions as invalid', () => {
    expect(problem('a(b')).toMatchObject({ code: 'INVALID_REGEX', message: 'missing closing ) (`a(b`)' });
    expect(problem('a**')).toMatchObject({ code: 'INVALID_REGEX' });
  });

  it('refuses an expression over the size limit', () => {
    const found = problem('a{1000}'.repeat(1000));
    expect(found.code).toBe('REGEX_TOO_LARGE');
    expect(found.message).toContain('size 1,000,000');
    expect(compileRegex('a{1000}').ok).toBe(true);
    expect(problem('a{1000}b').code).toBe('REGEX_TOO_LARGE');
  });

  it('reports repeat counts over 1,000 as too large', () => {
    expect(problem('(a{10}){101}')).toMatchObject({ code: 'REGEX_TOO_LARGE' });
    expect(problem('(?:(?:a{2}){2}){300}').code).toBe('REGEX_TOO_LARGE');
  });
});
