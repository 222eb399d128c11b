import { compileEventMatcher } from '../../compile/compile-rule';
import { EventView } from '../../compile/event-view';
import { OPERATOR_REGISTRY } from '../../compile/operators/registry';
import { OPERATOR_NAMES, type OperatorName } from '../../operators';
import { readLeaf } from './leaf-requirement';
import { readOn } from './on-requirement';
import type { Source } from './requirement';

const source: Source = { path: ['if'], anchor: ['if'], part: 'if' };
const lists = { risky: ['FRAUD', 'SPOOF'], empty: [] };

/** Operands per operator, with values around them: each is tried against the compiled operator. */
const OPERANDS: Record<OperatorName, unknown[]> = {
  equals: ['MATCH', '5', '', '0.10'],
  not_equals: ['MATCH', ''],
  in: [['A', 'B'], { list: 'risky' }, ['5', '05']],
  not_in: [['A', 'B'], { list: 'risky' }],
  matches: ['VERIFY_*', '+44*', '*'],
  regex: ['^[0-9]{3}$', 'raud', ''],
  exists: [true, false],
  gt: [5, '0.3', -1, 0],
  gte: [5, '5'],
  lt: [3, '1e3'],
  lte: [0, 5],
  contains: ['raud', ''],
  starts_with: ['+44', ''],
  ends_with: ['.com'],
};
const VALUES = [
  undefined,
  '',
  ' ',
  'MATCH',
  'match',
  'A',
  'FRAUD',
  '5',
  '05',
  ' 5 ',
  '5.0',
  '0.10',
  '0.3',
  '-1',
  '3',
  '1e3',
  '0x10',
  'high',
  'Infinity',
  'NaN',
  '123',
  'fraud',
  '+4420',
  'VERIFY_DONE',
  'a@b.com',
  'a/b',
];

describe('a leaf read as a requirement', () => {
  const context = { resolveList: (name: string) => lists[name as keyof typeof lists] };
  const cases = OPERATOR_NAMES.flatMap((operator) =>
    OPERANDS[operator].map((operand) => [operator, operand] as const),
  );

  it('covers every operator', () => {
    expect(OPERATOR_NAMES.filter((name) => OPERANDS[name].length === 0)).toEqual([]);
  });

  it.each(cases)('%s %j decides every value as the compiled leaf does, negated too', (operator, operand) => {
    const compiled = OPERATOR_REGISTRY[operator].compile(operand, context);
    const requirement = readLeaf({ var: 'v', [operator]: operand }, false, lists, source)!;
    const negation = readLeaf({ var: 'v', [operator]: operand }, true, lists, source)!;
    for (const value of VALUES) {
      const expected = compiled(new EventView(value === undefined ? {} : { v: value }), 'v');
      expect({ value, holds: requirement.holds(value) }).toEqual({ value, holds: expected });
      expect({ value, negated: negation.holds(value) }).toEqual({ value, negated: !expected });
      // What `only` and `bound` claim must hold of every passing value.
      if (expected && requirement.only) expect(requirement.only.has(value)).toBe(true);
      if (!expected && negation.only) expect(negation.only.has(value)).toBe(true);
      if (expected && requirement.bound) expect(value).not.toBeUndefined();
    }
  });

  it('leaves out malformed leaves and empty lists, which other checks report', () => {
    expect(readLeaf({ var: 'v', equals: 'a', in: ['a'] }, false, lists, source)).toBeUndefined();
    expect(readLeaf({ var: 'v', equls: 'a' }, false, lists, source)).toBeUndefined();
    expect(readLeaf({ var: 'v', in: [] }, false, lists, source)).toBeUndefined();
    expect(readLeaf({ var: 'v', in: { list: 'empty' } }, false, lists, source)).toBeUndefined();
    expect(readLeaf({ var: 'v', in: { list: 'nowhere' } }, false, lists, source)).toBeUndefined();
    expect(readLeaf({ var: 'v', gt: 'twenty' }, false, lists, source)).toBeUndefined();
    expect(readLeaf({ var: 'v', matches: '!x' }, false, lists, source)).toBeUndefined();
  });
});

describe("a rule's `on` read as a requirement on state.currentEvent", () => {
  it.each([[['VERIFY_DONE']], [['VERIFY_*', 'ENROLL_DONE']], [['*']], [['{A,B}_x', 'C']]])(
    '%j decides every event as the compiled rule does (a missing event name is empty)',
    (on) => {
      const matchesEvent = compileEventMatcher(on);
      const requirement = readOn(on, { ...source, part: 'on' })!;
      expect(requirement.variable).toBe('state.currentEvent');
      for (const value of [undefined, '', 'VERIFY_DONE', 'VERIFY_', 'ENROLL_DONE', 'A_x', 'C', '.x', 'a/b']) {
        const expected = matchesEvent(value ?? '');
        expect({ value, holds: requirement.holds(value) }).toEqual({ value, holds: expected });
        if (expected && requirement.only) expect(requirement.only.has(value)).toBe(true);
      }
    },
  );
});
