import fc from 'fast-check';
import { compileCondition } from '../../compile/compile-condition';
import { compileEventMatcher } from '../../compile/compile-rule';
import { EventView } from '../../compile/event-view';
import type { ConditionSpec } from '../../spec';
import { foldCondition, type FoldContext } from './fold-condition';
import { readOn } from './on-requirement';
import { addRequirement, Facts } from './variable-facts';

/**
 * No false alarms: whenever the analysis says a condition (with a rule's `on`)
 * can never hold, the compiled condition holds for no event of a universe of
 * values chosen to hold witnesses (texts that read as the same number,
 * missing variables, empty texts, event names of the globs).
 */

const VARIABLES = ['x', 'y', 'state.currentEvent'];
const VALUES = [
  undefined,
  '',
  'A',
  'B',
  'C',
  '2',
  '5',
  '5.0',
  '05',
  ' 5 ',
  '10',
  'A5',
  'high',
  'VERIFY_X',
  'EV_1',
];
const TEXTS = ['A', 'B', 'C', '5', '05', '2', '10', 'VERIFY_X', 'EV_1', ''];
const lists = { l1: ['A', 'B'], l2: ['5', 'C'] };

const text = fc.constantFrom(...TEXTS);
const list = fc.oneof(
  fc.uniqueArray(text, { minLength: 1, maxLength: 3 }),
  fc.constantFrom({ list: 'l1' }, { list: 'l2' }),
);
const operand = {
  equals: text,
  not_equals: text,
  in: list,
  not_in: list,
  matches: fc.constantFrom('A*', '*5', 'VERIFY_*', '*', '?'),
  regex: fc.constantFrom('^A', '5$', '^[0-9]+$', 'x'),
  exists: fc.boolean(),
  gt: fc.constantFrom(2, 5, 10, '5', 4.5),
  gte: fc.constantFrom(2, 5, 10, '5'),
  lt: fc.constantFrom(2, 5, 10, '5', 5.5),
  lte: fc.constantFrom(2, 5, 10, '5'),
  contains: text,
  starts_with: text,
  ends_with: text,
} as const;

const leaf: fc.Arbitrary<ConditionSpec> = fc
  .tuple(
    fc.constantFrom(...VARIABLES),
    fc.constantFrom(...(Object.keys(operand) as (keyof typeof operand)[])),
  )
  .chain(([variable, operator]) =>
    (operand[operator] as fc.Arbitrary<unknown>).map((value) => ({ var: variable, [operator]: value })),
  );

const { condition } = fc.letrec<{ condition: ConditionSpec }>((tie) => ({
  condition: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    leaf,
    fc.array(tie('condition'), { minLength: 1, maxLength: 4 }).map((all) => ({ all })),
    fc.array(tie('condition'), { minLength: 1, maxLength: 3 }).map((any) => ({ any })),
    tie('condition').map((not) => ({ not })),
  ),
}));

const on = fc.option(
  fc.uniqueArray(fc.constantFrom('A', 'B', 'VERIFY_X', 'VERIFY_*', 'EV_*', '*'), {
    minLength: 1,
    maxLength: 2,
  }),
  {
    nil: undefined,
  },
);

function neverHolds(spec: ConditionSpec, events: readonly string[] | undefined): boolean {
  const facts = new Facts();
  const source = { path: ['on'], anchor: ['on'], part: 'on' } as const;
  const onRequirement = events && readOn(events, source);
  if (onRequirement && addRequirement(facts, onRequirement)) return true;
  const context: FoldContext = {
    lists,
    conditions: undefined,
    neverHolds: () => false,
    expanding: new Set(),
    steps: 2_000,
    depth: 0,
    found: [],
  };
  return foldCondition(spec, facts, { path: ['if'], anchor: ['if'], part: 'if' }, context) !== undefined;
}

function* events(): Generator<Record<string, string>> {
  for (const x of VALUES)
    for (const y of VALUES)
      for (const event of VALUES) {
        const variables: Record<string, string> = {};
        if (x !== undefined) variables.x = x;
        if (y !== undefined) variables.y = y;
        if (event !== undefined) variables['state.currentEvent'] = event;
        yield variables;
      }
}

it('never reports a condition that some event passes', () => {
  let reported = 0;
  fc.assert(
    fc.property(condition, on, (spec, names) => {
      if (!neverHolds(spec, names)) return;
      reported++;
      const compiled = compileCondition(spec, {
        resolveList: (name) => lists[name as keyof typeof lists],
        resolveRef: () => {
          throw new Error('no refs here');
        },
        watchChanged: () => undefined,
      });
      const matchesEvent = names === undefined ? () => true : compileEventMatcher(names);
      const witness = [...events()].find((variables) => {
        const view = new EventView(variables);
        return matchesEvent(view.get('state.currentEvent') ?? '') && compiled.test(view);
      });
      expect({ spec, names, witness }).toEqual({ spec, names, witness: undefined });
    }),
    { numRuns: 3_000, seed: 31 },
  );
  // The generator makes contradictions often enough for the property to mean something.
  expect(reported).toBeGreaterThan(200);
});
