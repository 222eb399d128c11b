import { createLineIndex } from '../../diagnostics';
import { RULE_LIMITS } from '../limits';
import { parseYaml } from './parse-yaml';
import { isRuleStringPosition } from '../schema';

const parse = (text: string) => parseYaml('a.yaml', text, isRuleStringPosition);
const codes = (text: string) => parse(text).diagnostics.map((d) => d.code);
const at = (text: string) => {
  const [d] = parse(text).diagnostics;
  const { line, col } = createLineIndex(text).positionAt(d!.range!.start);
  return `${d!.code} ${line}:${col}`;
};

/** `[[[...]]]`, `{a: {a: ...}}`, `- - - x` and indented `k:` nested `n` levels under `x:`. */
const nested = {
  flowSeq: (n: number) => `x: ${'['.repeat(n)}${']'.repeat(n)}\n`,
  flowMap: (n: number) => `x: ${'{a: '.repeat(n)}b${'}'.repeat(n)}\n`,
  compactSeq: (n: number) => `x:\n${'- '.repeat(n)}y\n`,
  blockMap: (n: number) =>
    `x:\n${Array.from({ length: n }, (_, i) => `${' '.repeat(i + 1)}k:\n`).join('')}${' '.repeat(n + 1)}y\n`,
};

describe('parseYaml: nesting', () => {
  it.each(Object.keys(nested))('accepts %s nested to the limit', (shape) => {
    const text = nested[shape as keyof typeof nested](RULE_LIMITS.yamlDepth - 1);
    expect(codes(text)).toEqual([]);
    expect(parse(text).wellFormed).toBe(true);
  });

  it.each([
    ['flowSeq', 2_000, 'YAML_TOO_DEEP 1:259'],
    ['flowSeq', 100_000, 'YAML_TOO_DEEP 1:259'],
    ['flowMap', 2_000, 'YAML_TOO_DEEP 1:1024'],
    ['flowMap', 100_000, 'YAML_TOO_DEEP 1:1024'],
    ['compactSeq', 2_000, 'YAML_TOO_DEEP 2:511'],
    ['compactSeq', 100_000, 'YAML_TOO_DEEP 2:511'],
    ['blockMap', 2_000, 'YAML_TOO_DEEP 257:257'],
  ])(
    'reports %s nested %i levels at the first level past the limit, without reading further',
    (shape, n, where) => {
      const text = nested[shape as keyof typeof nested](n);
      expect(at(text)).toBe(where);
      const parsed = parse(text);
      expect(parsed.diagnostics).toHaveLength(1);
      expect(parsed.diagnostics[0]!.message).toMatch(
        /^mappings and lists are nested (\d|,)+|far more than 256/,
      );
      expect(parsed.diagnostics[0]!.message).toContain('; at most 256 are allowed');
      expect(parsed).toMatchObject({ wellFormed: false, value: null });
    },
  );

  it('gives the depth it found', () => {
    expect(parse(nested.flowSeq(2_000)).diagnostics[0]!.message).toBe(
      'mappings and lists are nested 2,001 levels deep; at most 256 are allowed',
    );
  });
});

describe('parseYaml: aliases', () => {
  /** Nine levels of nine aliases each: 9^9 values once expanded, in under 400 bytes. */
  const bomb = [
    'a: &a [x, x, x, x, x, x, x, x, x]',
    ...'bcdefghi'
      .split('')
      .map((name, i) => `${name}: &${name} [${Array(9).fill(`*${'abcdefgh'[i]}`).join(', ')}]`),
  ].join('\n');

  it('stops a billion laughs quickly, at the alias being expanded', () => {
    const start = Date.now();
    const parsed = parse(bomb);
    expect(Date.now() - start).toBeLessThan(2_000);
    expect(parsed.diagnostics.map((d) => d.code)).toEqual(['ALIAS_EXPANSION_TOO_LARGE']);
    expect(parsed).toMatchObject({ wellFormed: false, value: null });
    const range = parsed.diagnostics[0]!.range!;
    expect(bomb.slice(range.start, range.end)).toMatch(/^\*[a-h]$/);
  });

  it('bounds the values aliases add, each use counted', () => {
    const list = `[${Array(1_000).fill('x').join(', ')}]`;
    const under = `a: &a ${list}\nb: [${Array(99).fill('*a').join(', ')}]\n`;
    expect(codes(under)).toEqual([]);
    const over = `a: &a ${list}\nb: [${Array(100).fill('*a').join(', ')}]\n`;
    expect(at(over)).toBe('ALIAS_EXPANSION_TOO_LARGE 2:401');
    expect(parse(over).diagnostics[0]!.message).toContain('aliases add more than 100,000 values');
  });

  it('bounds the uses of aliases', () => {
    const uses = (n: number) => `a: &a x\nb: [${Array(n).fill('*a').join(', ')}]\n`;
    expect(codes(uses(RULE_LIMITS.aliasUses))).toEqual([]);
    expect(codes(uses(RULE_LIMITS.aliasUses + 1))).toEqual(['ALIAS_EXPANSION_TOO_LARGE']);
    expect(parse(uses(RULE_LIMITS.aliasUses + 1)).diagnostics[0]!.message).toContain(
      'more than 10,000 times',
    );
  });

  it('bounds the depth aliases build, which the text does not show', () => {
    // Each anchor nests the previous one 6 levels deeper: 60 of them are 360 levels deep.
    const chain = ['a0: &a0 [x]'];
    for (let i = 1; i <= 60; i++) chain.push(`a${i}: &a${i} [[[[[[*a${i - 1}]]]]]]`);
    const [d] = parse(chain.join('\n')).diagnostics;
    expect(d).toMatchObject({ code: 'YAML_TOO_DEEP' });
    expect(d!.message).toContain('following this alias nests mappings and lists more than 256 levels deep');
  });

  it('resolves each alias to the last anchor of its name before it', () => {
    expect(parse('a: &x 1\nb: *x\nc: &x 2\nd: *x\n').value).toEqual({ a: 1, b: 1, c: 2, d: 2 });
  });
});
