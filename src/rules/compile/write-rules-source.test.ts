import { evaluateEvent } from '../evaluate/evaluate-event';
import type { RuleSpec, RulesetSpec } from '../spec';
import { RuleBook } from './rule-book';
import { SharedValues } from './shared-values';
import { writeRulesSource } from './write-rules-source';

/** Texts that would break out of a string literal, a template, a comment or a line, each marked with Q7Z. */
const HOSTILE = [
  "Q7Z'); process.exit(3); ('",
  'Q7Z"); process.exit(3); ("',
  'Q7Z`${process.exit(3)}`',
  'Q7Z*/ process.exit(3) /*',
  'Q7Z\n}); process.exit(3); //',
  'Q7Z\u2028process.exit(3)',
  'Q7Z\\',
  'Q7Z</script>',
];
const h = (i: number) => HOSTILE[i % HOSTILE.length]!;

/** Every name and value a rule file can write, hostile: ids, names, operands, templates, keys, actions. */
function hostileRuleset(n: number): RulesetSpec {
  const leaves = ['equals', 'not_equals', 'contains', 'starts_with', 'ends_with'].map((op, i) => ({
    var: h(n + i),
    [op]: h(n + i + 1),
  }));
  const rule = (i: number): RuleSpec => ({
    id: h(n + i),
    on: 'E',
    once: i === 1,
    stop: i === 3,
    if: {
      all: [
        ...leaves.slice(i, i + 2),
        { var: h(i), in: [h(i + 1), h(i + 2)] },
        { var: h(i + 3), not_in: { list: h(n) } },
        { var: h(7), gt: 1 },
        { var: h(i + 5), exists: true },
      ],
    },
    then: {
      set: Object.fromEntries([
        [h(i), `${h(i + 1)}\${${h(i + 2).replace(/[{}:]/g, '')}:-${h(i + 3)}}${h(i + 4)}`],
        [h(i + 5), h(i + 6)],
      ]),
      schedule: [
        {
          action: h(i + 1),
          parameters: Object.fromEntries([[h(i + 2), `\${${h(i).replace(/[{}:]/g, '')}}`]]),
        },
      ],
      disable: [h(i + 3)],
      filter: { keys_to_ignore: [h(i + 4)], events_to_ignore: [h(i + 5)] },
    },
  });
  return { ruleset: h(n), lists: { [h(n)]: HOSTILE.slice(0, 3) }, rules: [0, 1, 2, 3].map(rule) };
}

/** What fixed code the generator writes: no other word may appear in the source. */
const VOCABULARY = new Set(
  `use strict const return function run view onceFired result v variables budget response updates
  session_variable_updates actions actions_to_perform let x n p check tick if typeof string undefined has test
  number null push key value action parameters fired nodes_to_override filter mergeFilter
  missingTemplateVariables true false break k length trim`.split(/\s+/),
);

describe('writeRulesSource', () => {
  const specs = [hostileRuleset(0), hostileRuleset(3)];
  const loaded = specs.map((spec, i) => ({ file: `${i}.yaml`, spec, locate: () => undefined }));
  const book = RuleBook.compile(loaded, undefined, { codeGeneration: 'always' });
  const plan = book.planFor('E');
  const { source, constants } = writeRulesSource(
    plan.map((planned) => ({ rules: planned.rules, whole: { when: planned.ruleset.when } })),
    new SharedValues(),
  );

  it('writes no text of the rules: every value is a numbered constant', () => {
    expect(plan.length).toBe(2);
    expect(source).not.toMatch(/Q7Z|process|exit|script|["`\\\u2028]/);
    for (const text of HOSTILE) expect(source).not.toContain(text);
    expect(constants).toEqual(expect.arrayContaining([HOSTILE[0], HOSTILE[4]]));
    // String literals are the generator's own; every word is fixed code or a letter and a number.
    expect(new Set(source.match(/'[^']*'/g))).toEqual(new Set(["'use strict'", "'string'", "''"]));
    const words = source.replace(/'[^']*'/g, '').match(/[A-Za-z_$][\w$]*/g) ?? [];
    for (const word of words) if (!/^[kmr]\d+$/.test(word)) expect(VOCABULARY).toContain(word);
  });

  it('evaluates the hostile rules as the program loop does', () => {
    const loop = RuleBook.compile(loaded, undefined, { codeGeneration: 'never' });
    const variables = Object.fromEntries([
      ['state.currentEvent', 'E'],
      ...HOSTILE.map((text, i) => [text, i === 7 ? '5' : h(i + 1)]),
    ]);
    const ours = evaluateEvent(book, variables, { onceFired: new Set() });
    expect(ours.fired.length).toBeGreaterThan(0);
    expect(ours).toEqual(evaluateEvent(loop, variables, { onceFired: new Set() }));
  });
});
