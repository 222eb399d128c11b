import fc from 'fast-check';
import { compileGlob } from './compile-glob';

const blind = (pattern: string) => {
  const compiled = compileGlob(pattern, { ignoreCase: true });
  if (!compiled.ok) throw new Error(compiled.message);
  return compiled;
};

describe('compileGlob with ignoreCase', () => {
  it('matches names in any case, on both matchers (segments, and the automaton for braces)', () => {
    expect(['CALL.ANI', 'Call.Ani', 'call.ani'].map(blind('*.ani').test)).toEqual([true, true, true]);
    expect(blind('*.ani').test('call.anis')).toBe(false);
    const sip = blind('{sip,call}.{from,to}');
    expect(['SIP.From', 'call.TO', 'sip.fromUri'].map(sip.test)).toEqual([true, true, false]);
    expect(blind('*Caller*Number*').test('call.caller_number')).toBe(true);
  });

  it('folds classes: a range holds both cases, a negated class refuses both', () => {
    expect(['bx', 'BX', 'dx'].map(blind('[A-C]x').test)).toEqual([true, true, false]);
    expect(['a', 'A', 'b'].map(blind('[!A]').test)).toEqual([false, false, true]);
  });

  it('says a literal with letters is a glob (it matches other texts), with no prefix', () => {
    const literal = blind('call.ANI');
    expect([literal.test('CALL.ani'), literal.isGlob, literal.prefix]).toEqual([true, true, '']);
    expect(blind('+1-2').isGlob).toBe(false);
    expect((compileGlob('call.ANI') as { test(text: string): boolean }).test('call.ani')).toBe(false);
  });

  it('refuses what the case-sensitive compile refuses', () => {
    expect(compileGlob('!call.*', { ignoreCase: true })).toMatchObject({
      ok: false,
      code: 'GLOB_UNSUPPORTED',
    });
  });

  // Over these pieces, lower-casing the pattern's text keeps its meaning (no range spans both cases).
  it('matches as the case-sensitive glob of the lower-cased pattern matches the lower-cased text', () => {
    const piece = fc.constantFrom(
      'a',
      'A',
      'b',
      'B',
      '.',
      '*',
      '?',
      '[aB]',
      '[^A]',
      '[A-C]',
      '{a,B}',
      '{ab,b*}',
    );
    const pattern = fc.array(piece, { minLength: 1, maxLength: 5 }).map((pieces) => pieces.join(''));
    const text = fc
      .array(fc.constantFrom('a', 'A', 'b', 'B', 'c', '.'), { maxLength: 6 })
      .map((chars) => chars.join(''));
    fc.assert(
      fc.property(pattern, text, (p, t) => {
        fc.pre(compileGlob(p).ok);
        const expected = compileGlob(p.toLowerCase()) as { test(text: string): boolean };
        const matcher = blind(p);
        expect([p, t, matcher.test(t), matcher.test(t.toUpperCase())]).toEqual([
          p,
          t,
          expected.test(t.toLowerCase()),
          expected.test(t.toLowerCase()),
        ]);
      }),
      { numRuns: 2000 },
    );
  });
});
