import { findCursorContext } from '../complete/find-cursor-context';
import { findNamedAt, findNameUses } from './find-name-uses';

const TEXT = `ruleset: r
when: { ref: gold }
lists:
  risky: [MISMATCH]
conditions:
  gold: { var: custom.tier, equals: gold }
  "vip": { any: [{ ref: gold }, { not: { var: verify.decision, not_in: { list: risky } } }] }
rules:
  - id: a
    if: { all: [{ ref: "vip" }, { var: verify.decision, in: { list: 'risky' } }] }
    then: { set: { a: b } }
`;

const named = (needle: string, into: number) => {
  const offset = TEXT.indexOf(needle) + into;
  const context = findCursorContext(TEXT, offset);
  return findNamedAt(TEXT.slice(context.start, context.end), context);
};
const written = (section: 'conditions' | 'lists', name: string) =>
  findNameUses('r.yaml', TEXT, { section, name }).map(({ start, end }) => [
    TEXT.slice(0, start).split('\n').length,
    TEXT.slice(start, end),
  ]);

describe('findNamedAt and findNameUses', () => {
  it('tells a named condition or list from a ref, a list operand or its defining key', () => {
    expect(named('ref: gold }\nlists', 6)).toEqual({ section: 'conditions', name: 'gold' });
    expect(named('list: risky', 7)).toEqual({ section: 'lists', name: 'risky' });
    expect(named('  gold: {', 3)).toEqual({ section: 'conditions', name: 'gold' });
    expect(named('  risky: [', 3)).toEqual({ section: 'lists', name: 'risky' });
    expect(named('var: custom.tier', 6)).toBeUndefined();
    expect(named('id: a', 4)).toBeUndefined();
  });

  it('finds the definition and every use, in when, named conditions and rules, quoted or not', () => {
    expect(written('conditions', 'gold')).toEqual([
      [2, 'gold'],
      [6, 'gold'],
      [7, 'gold'],
    ]);
    expect(written('conditions', 'vip')).toEqual([
      [7, '"vip"'],
      [10, '"vip"'],
    ]);
    expect(written('lists', 'risky')).toEqual([
      [4, 'risky'],
      [7, 'risky'],
      [10, "'risky'"],
    ]);
    expect(written('conditions', 'silver')).toEqual([]);
  });
});
