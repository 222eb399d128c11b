import { isRuleStringPosition } from '../schema';
import { parseYaml } from './parse-yaml';

const TEXT = [
  'ruleset: a',
  'rules:',
  '  - id: first',
  '    then:',
  '      set:',
  '        b: "x${y"',
  '        10: ten',
  '  - id: second',
  '    then:',
  'tail: end',
].join('\n');
const parsed = parseYaml('a.yaml', TEXT, isRuleStringPosition);
const slice = (range: { start: number; end: number } | undefined) =>
  range && TEXT.slice(range.start, range.end);

describe('locate', () => {
  it('finds the value at a path, with indexes as numbers or strings', () => {
    expect(slice(parsed.locate(['rules', 0, 'id']))).toBe('first');
    expect(slice(parsed.locate(['rules', '1', 'id']))).toBe('second');
    expect(slice(parsed.locate(['tail']))).toBe('end');
  });

  it('trims the trailing line break of block collections', () => {
    expect(slice(parsed.locate(['rules', 0, 'then', 'set']))).toBe('b: "x${y"\n        10: ten');
  });

  it('points where an empty value would be written, as editors do: right after its `key:`', () => {
    const range = parsed.locate(['rules', 1, 'then']);
    expect(range).toEqual({ start: TEXT.indexOf('then:\ntail') + 'then:'.length, end: expect.any(Number) });
    expect(slice(range)).toBe('');
  });

  it('falls back to the deepest existing node for a missing path', () => {
    expect(slice(parsed.locate(['rules', 1, 'then', 'set', 'x']))).toBe('then');
    expect(slice(parsed.locate(['rules', 0, 'priority']))).toMatch(/^id: first/);
    expect(slice(parsed.locate(['rules', 9]))).toMatch(/^- id: first/);
  });

  it('finds the key of a path', () => {
    expect(slice(parsed.locateKey(['rules', 0, 'then', 'set', 'b']))).toBe('b');
    expect(slice(parsed.locateKey(['rules', 0, 'then', 'set', '10']))).toBe('10');
    expect(slice(parsed.locateKey(['rules', 0]))).toMatch(/^id: first/);
  });

  it('finds characters inside a text value when the source spells it literally', () => {
    expect(slice(parsed.locateWithin(['rules', 0, 'then', 'set', 'b'], 1, 3))).toBe('${');
  });

  it('lists the keys of a mapping in written order, integer-like keys included', () => {
    expect(parsed.keysAt(['rules', 0, 'then', 'set'])).toEqual(['b', '10']);
    const value = parsed.value as { rules: { then: { set: object } }[] };
    expect(Object.keys(value.rules[0]!.then.set)).toEqual(['10', 'b']);
    expect(parsed.keysAt(['rules', 0, 'id'])).toBeUndefined();
  });
});
