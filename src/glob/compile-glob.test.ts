import { compileGlob, isGlob } from './compile-glob';

/** The texts of `texts` the pattern matches. */
const matching = (pattern: string, texts: readonly string[]): string[] => {
  const compiled = compileGlob(pattern);
  if (!compiled.ok) throw new Error(`${pattern}: ${compiled.message}`);
  return texts.filter((text) => compiled.test(text));
};

const refusal = (pattern: string) => {
  const compiled = compileGlob(pattern);
  if (compiled.ok) throw new Error(`${pattern} compiled`);
  return { ...compiled, written: pattern.slice(compiled.at.start, compiled.at.end) };
};

describe('compileGlob: the supported syntax', () => {
  it('matches a pattern without special characters as exactly its text', () => {
    expect(matching('VERIFY_DONE', ['VERIFY_DONE', 'VERIFY_DONE2', 'verify_done', ''])).toEqual([
      'VERIFY_DONE',
    ]);
    expect(compileGlob('VERIFY_DONE')).toMatchObject({ ok: true, isGlob: false });
    expect(matching('+44 20', ['+44 20', '+44 2'])).toEqual(['+44 20']);
  });

  it('`*`: any run of characters but `/`, empty included', () => {
    const texts = ['VERIFY_', 'VERIFY_DONE', 'VERIFY_a.b-c', 'VERIFY_x/y', 'ENROLL_DONE'];
    expect(matching('VERIFY_*', texts)).toEqual(['VERIFY_', 'VERIFY_DONE', 'VERIFY_a.b-c']);
    expect(matching('*', ['', 'a', 'a b', 'a/b', '/'])).toEqual(['', 'a', 'a b']);
    expect(matching('sip:qa-*@*', ['sip:qa-7@pbx', 'sip:qa-@', 'sip:prod@pbx', 'sip:qa-7@pbx/x'])).toEqual([
      'sip:qa-7@pbx',
      'sip:qa-@',
    ]);
    expect(matching('*a*a*b', ['aab', 'xaxaxb', 'ab', 'aabx'])).toEqual(['aab', 'xaxaxb']);
  });

  it('`*` and `?` starting a segment do not match a `.` starting it; a literal `.` or a class does', () => {
    expect(matching('*', ['.hidden', 'a.b'])).toEqual(['a.b']);
    expect(matching('*.wav', ['.wav', 'a.wav'])).toEqual(['a.wav']);
    expect(matching('a/*', ['a/.b', 'a/b.c'])).toEqual(['a/b.c']);
    expect(matching('?x', ['.x', 'ax'])).toEqual(['ax']);
    expect(matching('.*', ['.a', '.'])).toEqual(['.a', '.']);
    expect(matching('[.a]x', ['.x', 'ax'])).toEqual(['.x', 'ax']);
    expect(matching('a*', ['a.b', 'a.'])).toEqual(['a.b', 'a.']);
  });

  it('`?`: one character but `/`; a character outside the BMP counts one', () => {
    expect(matching('a?c', ['abc', 'a.c', 'ac', 'abbc', 'a/c', 'a😀c'])).toEqual(['abc', 'a.c', 'a😀c']);
  });

  it('`**` as a whole segment crosses `/`, also none at all; elsewhere it is `*`', () => {
    const texts = ['a', 'a/b', 'a/b/c', 'a/.b', '.a', '/a', 'a/'];
    expect(matching('**', texts)).toEqual(['a', 'a/b', 'a/b/c', '/a', 'a/']);
    expect(matching('a/**', texts)).toEqual(['a', 'a/b', 'a/b/c', 'a/']);
    expect(matching('**/b', ['b', 'a/b', 'x/y/b', '/b', '.x/b', 'ab'])).toEqual(['b', 'a/b', 'x/y/b', '/b']);
    expect(matching('a/**/b', ['a/b', 'a/x/b', 'a/x/y/b', 'a//b', 'a/.x/b', 'ab'])).toEqual([
      'a/b',
      'a/x/b',
      'a/x/y/b',
      'a//b',
    ]);
    expect(matching('a**b', ['ab', 'axb', 'ax/b'])).toEqual(['ab', 'axb']);
    expect(matching('a/***', ['a/b', 'a/b/c'])).toEqual(['a/b']);
  });

  it('classes: listed characters, ranges, negation with `!` or `^`; never `/`', () => {
    expect(matching('[abc]', ['a', 'c', 'd', '[abc]'])).toEqual(['a', 'c']);
    expect(matching('v[0-9]', ['v0', 'v9', 'va'])).toEqual(['v0', 'v9']);
    expect(matching('[!0-9]x', ['ax', '1x', '/x'])).toEqual(['ax']);
    expect(matching('[^0-9]x', ['ax', '1x', '/x'])).toEqual(['ax']);
    expect(matching('[]a]', [']', 'a', 'b'])).toEqual([']', 'a']);
    expect(matching('[-a]', ['-', 'a'])).toEqual(['-', 'a']);
    expect(matching('[a-]', ['-', 'a', 'b'])).toEqual(['-', 'a']);
    expect(matching('[\\]\\\\]', [']', '\\', 'a'])).toEqual([']', '\\']);
    expect(matching('[+-0]', ['+', '.', '/', '0'])).toEqual(['+', '.', '0']);
    expect(matching('[é😀]', ['é', '😀', 'e'])).toEqual(['é', '😀']);
  });

  it('a `[` that no `]` closes is literal', () => {
    expect(matching('a[b', ['a[b', 'ab'])).toEqual(['a[b']);
    expect(matching('a[]', ['a[]', 'a'])).toEqual(['a[]']);
    expect(compileGlob('a[b')).toMatchObject({ ok: true, isGlob: false });
  });

  it('braces: alternatives, nested, empty; without a comma, or unclosed, literal', () => {
    expect(matching('{VERIFY,ENROLL}_*', ['VERIFY_X', 'ENROLL_', 'OTHER_X'])).toEqual([
      'VERIFY_X',
      'ENROLL_',
    ]);
    expect(matching('a{b,{c,d}e}', ['ab', 'ace', 'ade', 'ae'])).toEqual(['ab', 'ace', 'ade']);
    expect(matching('a{,b}', ['a', 'ab', 'abb'])).toEqual(['a', 'ab']);
    expect(matching('x{a}', ['x{a}', 'xa'])).toEqual(['x{a}']);
    expect(matching('{a,b', ['{a,b', 'a'])).toEqual(['{a,b']);
    expect(matching('a,b}', ['a,b}'])).toEqual(['a,b}']);
    expect(matching('{a/*,b}', ['a/x', 'b', 'a/x/y'])).toEqual(['a/x', 'b']);
  });

  it('braces stand for their expansions, also for the leading-dot rule', () => {
    expect(matching('{*,x}', ['.a', 'a', 'x'])).toEqual(['a', 'x']);
    expect(matching('{,x}*', ['.a', 'a', 'xa'])).toEqual(['a', 'xa']);
    expect(matching('{.a,b}*', ['.ab', 'bc'])).toEqual(['.ab', 'bc']);
  });

  it('a backslash makes the next character literal', () => {
    expect(matching('a\\*b', ['a*b', 'axb'])).toEqual(['a*b']);
    expect(matching('\\?\\[\\{\\}\\,\\!\\(\\)\\|\\"', ['?[{},!()|"'])).toEqual(['?[{},!()|"']);
    expect(matching('a\\\\b', ['a\\b'])).toEqual(['a\\b']);
    expect(matching('a\\/*', ['a/b', 'a/.b'])).toEqual(['a/b']);
    expect(compileGlob('a\\*b')).toMatchObject({ ok: true, isGlob: true });
  });

  it('the empty pattern matches the empty text', () => {
    expect(matching('', ['', 'a'])).toEqual(['']);
  });
});

describe('compileGlob: refused constructs', () => {
  it.each([
    ['!VERIFY_*', 'negation', '!'],
    ['!(a|b)', 'extglobs', '!('],
    ['x@(a|b)', 'extglobs', '@('],
    ['+(a)', 'extglobs', '+('],
    ['a*(b)', 'extglobs', '*('],
    ['?(a)', 'extglobs', '?('],
    ['(a|b)', 'regex groups', '('],
    ['a|b', 'regex groups', '|'],
    ['a)', 'regex groups', ')'],
    ['[[:alpha:]]', 'POSIX classes', '[:alpha:]'],
    ['x{1..3}', 'brace ranges', '..'],
    ['"a*"', 'quotes', '"'],
    ['\\d+', 'regex escapes', '\\d'],
    ['a\\', 'a `\\` at the end', '\\'],
    ['[0-9]+', 'repetition', '+'],
    ['{a,b}+', 'repetition', '+'],
    ['{+44,0044}*', 'repetition', '+'],
    ['{a,**}', '`**` inside braces', '**'],
    ['[z-a]', 'a reversed range', 'z-a'],
    ['[a/b]', '`/` in a class', '/'],
  ])('%s: %s, at %s', (pattern, construct, written) => {
    const found = refusal(pattern);
    expect(found.code).toBe('GLOB_UNSUPPORTED');
    expect(found.construct).toContain(construct);
    expect(found.message).toContain('cannot be used in a glob');
    expect(found.written).toBe(written);
  });

  it('keeps `!`, `@` and `+` elsewhere literal', () => {
    expect(matching('a!b@c+d', ['a!b@c+d'])).toEqual(['a!b@c+d']);
    expect(matching('+44*', ['+4420', '4420'])).toEqual(['+4420']);
  });

  it('refuses a pattern over 256 characters, and braces nested over 16 deep', () => {
    expect(refusal('a'.repeat(257))).toMatchObject({ code: 'GLOB_TOO_LARGE', at: { start: 256, end: 257 } });
    expect(compileGlob('a'.repeat(256)).ok).toBe(true);
    const nested = (depth: number) => '{a,'.repeat(depth) + '}'.repeat(depth);
    expect(refusal(nested(17))).toMatchObject({ code: 'GLOB_TOO_LARGE', written: '{' });
    expect(compileGlob(nested(16)).ok).toBe(true);
  });
});

describe('compileGlob and isGlob', () => {
  it('returns the same compiled glob for the same pattern', () => {
    expect(compileGlob('x*')).toBe(compileGlob('x*'));
    expect(refusal('!x').construct).toBe(refusal('!x').construct);
  });

  it('isGlob: false exactly for patterns that match their own text only', () => {
    expect(['VERIFY_DONE', 'a[b', 'x{a}', '+44', 'a,b', ''].map(isGlob)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(['VERIFY_*', 'a?', '[ab]', '{a,b}', 'a\\*', '!x', '(a)'].map(isGlob)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
  });
});

describe('the literal prefix of a glob', () => {
  it.each([
    ['verify.*', 'verify.'],
    ['VERIFY_DONE', 'VERIFY_DONE'],
    ['*.score', ''],
    ['a\\*b*', 'a*b'],
    ['caller.{a,b}', 'caller.'],
    ['x[ab]y', 'x'],
    ['😀?', '😀'],
  ])('%s begins every match with %j', (pattern, prefix) => {
    expect(compileGlob(pattern)).toMatchObject({ ok: true, prefix });
  });
});
