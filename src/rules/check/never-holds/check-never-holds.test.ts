import { diagnose, runPipeline, yamlLines } from '../../../../test/fixtures/rules/diagnose';

const MINE = /^(CONDITION_NEVER_HOLDS|RULE_NEVER_RUNS) /;

/** A ruleset with one rule whose `if` is `condition` (flow YAML); `head` lines go before `rules:`. */
function ruleWith(condition: string, ...head: string[]): string {
  return yamlLines(
    'ruleset: a',
    ...head,
    'rules:',
    '  - id: r',
    `    if: ${condition}`,
    '    then: { set: { a: b } }',
  );
}

function found(text: string): string[] {
  return diagnose(text).filter((d) => MINE.test(d));
}

function messages(text: string): string[] {
  return runPipeline(text)
    .filter((d) => MINE.test(`${d.code} `))
    .map((d) => d.message);
}

describe('conditions that can never hold', () => {
  it('reports two equals on one variable at the second, naming both, the first as the related place', () => {
    const text = ruleWith('{ all: [{ var: x, equals: SYNTHETIC }, { var: x, equals: GENUINE }] }');
    expect(found(text)).toEqual(['CONDITION_NEVER_HOLDS 4:48']);
    const [d] = runPipeline(text);
    expect(d!.severity).toBe('warning');
    expect(d!.message).toBe("this condition can never hold: x cannot equal both 'SYNTHETIC' and 'GENUINE'");
    const first = text.indexOf('{ var: x, equals: SYNTHETIC }');
    expect(d!.related).toEqual({
      file: 'rules.yaml',
      range: { start: first, end: first + '{ var: x, equals: SYNTHETIC }'.length },
      message: "x must equal 'SYNTHETIC' here",
    });
  });

  it.each([
    [
      'equals and not_equals of one value',
      '[{ var: x, equals: A }, { var: x, not_equals: A }]',
      "x cannot both equal 'A' and differ from 'A'",
    ],
    [
      'in disjoint from equals',
      '[{ var: x, in: [A, B] }, { var: x, equals: C }]',
      "x cannot both be one of 'A', 'B' and equal 'C'",
    ],
    [
      'in disjoint from in',
      '[{ var: x, in: [A, B] }, { var: x, in: [C] }]',
      "x cannot both be one of 'A', 'B' and be one of 'C'",
    ],
    [
      'a named list disjoint from equals',
      '[{ var: x, in: { list: risky } }, { var: x, equals: OK }]',
      "x cannot both be one of the list 'risky' ('FRAUD', 'SPOOF') and equal 'OK'",
    ],
    [
      'not_in covering an equals',
      '[{ var: x, equals: FRAUD }, { var: x, not_in: { list: risky } }]',
      "x cannot both equal 'FRAUD' and be none of the list 'risky' ('FRAUD', 'SPOOF')",
    ],
    [
      'gt above lt',
      '[{ var: s, gt: 5 }, { var: s, lt: 3 }]',
      's cannot both be a number above 5 and be a number below 3',
    ],
    [
      'gte and lt of one number',
      '[{ var: s, gte: 5 }, { var: s, lt: 5 }]',
      's cannot both be a number of at least 5 and be a number below 5',
    ],
    [
      'a tighter bound later',
      '[{ var: s, lt: 9 }, { var: s, lte: 1 }, { var: s, gt: "1" }]',
      's cannot both be a number of at most 1 and be a number above 1',
    ],
    [
      'equals of a number outside the bounds',
      '[{ var: s, gt: 5 }, { var: s, equals: "2" }]',
      "s cannot both be a number above 5 and equal '2'",
    ],
    [
      'equals of a text that is no number, with a bound',
      '[{ var: s, equals: high }, { var: s, lte: 5 }]',
      "s cannot both equal 'high' and be a number of at most 5",
    ],
    [
      'exists: false with a value test',
      '[{ var: x, exists: false }, { var: x, starts_with: A }]',
      "x cannot both be missing and start with 'A'",
    ],
    [
      'exists: false with exists: true',
      '[{ var: x, exists: true }, { var: x, exists: false }]',
      'x cannot both be present and be missing',
    ],
    [
      'an equals its not contradicts',
      '[{ not: { var: x, equals: A } }, { var: x, equals: A }]',
      "x cannot both differ from 'A' and equal 'A'",
    ],
    [
      'not of not_in against equals',
      '[{ not: { var: x, not_in: [A] } }, { var: x, equals: B }]',
      "x cannot both be one of 'A' and equal 'B'",
    ],
    [
      'an in narrowed value by value',
      '[{ var: x, in: [A, B] }, { var: x, not_equals: A }, { var: x, matches: "A*" }]',
      "x cannot at once be one of 'A', 'B', differ from 'A' and match the glob 'A*'",
    ],
  ])('warns on %s', (_, items, why) => {
    const text = ruleWith(`{ all: ${items} }`, 'lists: { risky: [FRAUD, SPOOF] }');
    expect(messages(text)).toEqual([`this condition can never hold: ${why}`]);
  });

  it.each([
    [
      'equals of a text read as a number within bounds',
      '[{ var: s, equals: "5.0" }, { var: s, gte: 5 }, { var: s, lte: " 5 " }]',
    ],
    ['gte and lte of one number', '[{ var: s, gte: 5 }, { var: s, lte: 5 }]'],
    ['two not_equals', '[{ var: x, not_equals: A }, { var: x, not_equals: B }]'],
    [
      'not_equals and not_in of a missing variable',
      '[{ var: x, exists: false }, { var: x, not_equals: A }, { var: x, not_in: [B] }]',
    ],
    ['overlapping lists', '[{ var: x, in: [A, B] }, { var: x, in: [B, C] }, { var: x, not_equals: A }]'],
    ['equals on different variables', '[{ var: x, equals: A }, { var: y, equals: B }]'],
    [
      'text tests it does not decide without a value',
      '[{ var: x, starts_with: A }, { var: x, starts_with: B }]',
    ],
    ['a bound and a text', '[{ var: s, gt: 5 }, { var: s, contains: "9" }]'],
    [
      'an any one choice of which can hold',
      '[{ var: x, equals: A }, { any: [{ var: x, equals: B }, { var: x, equals: A }] }]',
    ],
    [
      'a not of a conjunction',
      '[{ var: x, equals: A }, { not: { all: [{ var: x, equals: A }, { var: y, exists: true }] } }]',
    ],
    ['a not of an any', '[{ var: x, equals: A }, { not: { any: [{ var: x, equals: A }] } }]'],
    ['an empty in (EMPTY_LIST_OPERAND says so)', '[{ var: x, in: [] }, { var: x, equals: A }]'],
    ['changed', '[{ changed: "x*" }, { var: x, exists: false }]'],
  ])('does not warn on %s', (_, items) => {
    expect(messages(ruleWith(`{ all: ${items} }`))).toEqual([]);
  });

  it("reports a rule's leaf that contradicts the ruleset's `when`, at the leaf, naming the when", () => {
    const text = ruleWith('{ var: x, equals: B }', 'when: { var: x, in: [A] }');
    expect(found(text)).toEqual(['CONDITION_NEVER_HOLDS 5:9']);
    expect(messages(text)).toEqual([
      "this condition can never hold: x cannot both be one of 'A' (the ruleset's `when`) and equal 'B'",
    ]);
    expect(runPipeline(text)[0]!.related?.message).toBe("x must be one of 'A' here");
  });

  it('reports a `when` that can never hold once, at the when, and not at each rule', () => {
    const text = yamlLines(
      'ruleset: a',
      'when: { all: [{ var: x, equals: A }, { var: x, equals: B }] }',
      'rules:',
      ...['r1', 'r2'].flatMap((id) => [
        `  - id: ${id}`,
        '    if: { var: x, equals: A }',
        '    then: { set: { a: b } }',
      ]),
    );
    expect(found(text)).toEqual(['CONDITION_NEVER_HOLDS 2:38']);
  });

  it('reports a named condition that can never hold where it is defined, once however often used', () => {
    const text = yamlLines(
      'ruleset: a',
      'conditions:',
      '  odd: { all: [{ var: x, equals: A }, { var: x, equals: B }] }',
      'rules:',
      ...['r1', 'r2'].flatMap((id) => [
        `  - id: ${id}`,
        '    if: { ref: odd }',
        '    then: { set: { a: b } }',
      ]),
    );
    expect(found(text)).toEqual(['CONDITION_NEVER_HOLDS 3:39']);
  });

  it('reports a conflict with a named condition at what the rule writes, naming the named condition', () => {
    const text = ruleWith(
      '{ all: [{ ref: gold }, { var: tier, equals: silver }] }',
      'conditions: { gold: { var: tier, equals: gold } }',
    );
    expect(found(text)).toEqual(['CONDITION_NEVER_HOLDS 5:32']);
    expect(messages(text)).toEqual([
      "this condition can never hold: tier cannot equal both 'gold' (named condition 'gold') and 'silver'",
    ]);
    // The conflict completed by the named condition shows at the `ref`.
    const reversed = ruleWith(
      '{ all: [{ var: tier, equals: silver }, { ref: gold }] }',
      'conditions: { gold: { var: tier, equals: gold } }',
    );
    expect(found(reversed)).toEqual(['CONDITION_NEVER_HOLDS 5:48']);
  });

  it('reports an any none of whose choices can hold, at the any', () => {
    const text = ruleWith(
      '{ all: [{ var: x, equals: A }, { any: [{ var: x, equals: B }, { var: x, in: [C, D] }] }] }',
    );
    expect(found(text)).toEqual(['CONDITION_NEVER_HOLDS 4:40']);
    expect(messages(text)).toEqual([
      "this `any` can never hold: none of its 2 choices can hold (choice 1: x cannot equal both 'A' and 'B'; choice 2: x cannot both equal 'A' and be one of 'C', 'D')",
    ]);
  });

  it('reports a choice of an any that can never hold on its own, at the choice, and only it', () => {
    const text = ruleWith(
      '{ any: [{ all: [{ var: x, equals: A }, { var: x, equals: B }] }, { var: y, exists: true }] }',
    );
    expect(found(text)).toEqual(['CONDITION_NEVER_HOLDS 4:48']);
    const both = ruleWith(
      '{ any: [{ all: [{ var: x, equals: A }, { var: x, equals: B }] }, { all: [{ var: y, gt: 2 }, { var: y, lt: 1 }] }] }',
    );
    expect(found(both)).toEqual(['CONDITION_NEVER_HOLDS 4:48', 'CONDITION_NEVER_HOLDS 4:101']);
  });

  it('ends on named conditions that refer to each other in a loop (REF_CYCLE says so)', () => {
    const text = ruleWith(
      '{ ref: p }',
      'conditions: { p: { all: [{ var: x, equals: A }, { ref: q }] }, q: { ref: p } }',
    );
    expect(found(text)).toEqual([]);
  });
});

describe('choices of an any', () => {
  it('reports a choice that never holds on its own after one that may hold', () => {
    const text = ruleWith(
      '{ any: [{ var: y, exists: true }, { all: [{ var: x, equals: A }, { var: x, equals: B }] }] }',
    );
    expect(found(text)).toEqual(['CONDITION_NEVER_HOLDS 4:74']);
  });

  it("checks a disabled rule's `if` under its `when`, without its `on`", () => {
    const text = yamlLines(
      'ruleset: a',
      'when: { var: x, equals: A }',
      'rules:',
      '  - id: r',
      '    on: B',
      '    if: { var: state.currentEvent, equals: C }',
      '    enabled: false',
      '    then: { set: { a: b } }',
      '  - id: s',
      '    if: { var: x, equals: B }',
      '    enabled: false',
      '    then: { set: { a: b } }',
    );
    expect(found(text)).toEqual(['CONDITION_NEVER_HOLDS 10:9']);
  });
});
