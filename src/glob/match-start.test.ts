import fc from 'fast-check';
import { compileGlob } from './compile-glob';
import { canMatchTextStartingWith } from './match-start';

describe('canMatchTextStartingWith', () => {
  it.each([
    ['verify.*', 'verify.sc', true],
    ['verify.*', 'verify', true],
    ['verify.*', 'verfy', false],
    ['v[0-9]*', 'v1', true],
    ['v[0-9]*', 'vx', false],
    ['{audio,vad}.*', 'vad.le', true],
    ['{audio,vad}.*', 'va.', false],
    ['a/*', 'a/', true],
    ['a/*', 'a/.', false],
    ['ivr/**/menu', 'ivr/x/y/me', true],
    ['ivr/**/menu', 'ivx', false],
    ['custom.tier', 'custom.tier', true],
    ['custom.tier', 'custom.tiers', false],
    ['*', '', true],
  ])('%j with a text starting with %j: %j', (pattern, start, expected) => {
    expect(canMatchTextStartingWith(pattern, start)).toBe(expected);
  });

  it('is false for a pattern that does not compile', () => {
    expect(canMatchTextStartingWith('@(a|b)', '')).toBe(false);
  });

  it('is true for every start of every text the glob matches (property)', () => {
    const pattern = fc
      .array(fc.constantFrom('a', 'b', '.', '/', '*', '?', '**', '[ab]', '[!a]', '{a,b.}', '{,/a}'), {
        maxLength: 5,
      })
      .map((items) => items.join(''));
    const text = fc.array(fc.constantFrom('a', 'b', '.', '/'), { maxLength: 6 }).map((c) => c.join(''));
    fc.assert(
      fc.property(pattern, text, (p, t) => {
        const compiled = compileGlob(p);
        fc.pre(compiled.ok && compiled.test(t));
        for (let end = 0; end <= t.length; end++)
          expect(canMatchTextStartingWith(p, t.slice(0, end))).toBe(true);
      }),
      { numRuns: 2_000, maxSkipsPerRun: 1_000 },
    );
  });
});
