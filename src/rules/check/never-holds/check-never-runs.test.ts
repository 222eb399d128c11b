import { diagnose, runPipeline, yamlLines } from '../../../../test/fixtures/rules/diagnose';

const MINE = /^(CONDITION_NEVER_HOLDS|RULE_NEVER_RUNS) /;

/** A rule: its id, then its other keys as `key: value` lines. */
function rule(id: string, ...keys: string[]): string[] {
  return [`  - id: ${id}`, ...keys.map((key) => `    ${key}`), '    then: { set: { a: b } }'];
}

function ruleset(head: string[], ...rules: string[][]): string {
  return yamlLines('ruleset: a', ...head, 'rules:', ...rules.flat());
}

function found(text: string): string[] {
  return diagnose(text).filter((d) => MINE.test(d));
}

describe("rules whose `on` the ruleset's `when` excludes", () => {
  it('reports the rule at its `on`, saying what the when requires, the when as the related place', () => {
    const text = ruleset(
      ['when: { var: state.currentEvent, in: [VERIFY_COMPLETED, VERIFY_FAILED] }'],
      rule('r', 'on: ENROLL_COMPLETED'),
    );
    expect(found(text)).toEqual(['RULE_NEVER_RUNS 5:9']);
    const [d] = runPipeline(text);
    expect(d!.message).toBe(
      "this rule never runs: the ruleset's `when` requires state.currentEvent to be one of 'VERIFY_COMPLETED', 'VERIFY_FAILED', and no event that `on` names does",
    );
    expect(d!.related?.message).toBe(
      "state.currentEvent must be one of 'VERIFY_COMPLETED', 'VERIFY_FAILED' here",
    );
  });

  it.each([
    ['an equals and a name', 'when: { var: state.currentEvent, equals: A }', 'on: B'],
    [
      'a list and a glob matching none of it',
      'when: { var: state.currentEvent, in: [VERIFY_DONE] }',
      'on: "ENROLL_*"',
    ],
    [
      'a not_in and the names it excludes',
      'when: { var: state.currentEvent, not_in: [HEARTBEAT, PING] }',
      'on: [PING, HEARTBEAT]',
    ],
    [
      'a conjunction in when',
      'when: { all: [{ var: x, exists: true }, { var: state.currentEvent, not_equals: A }] }',
      'on: A',
    ],
  ])('reports %s', (_, when, on) => {
    expect(found(ruleset([when], rule('r', on)))).toEqual(['RULE_NEVER_RUNS 5:9']);
  });

  it.each([
    ['a name the when lists', 'when: { var: state.currentEvent, in: [A, B] }', 'on: [C, B]'],
    [
      'a glob matching a listed name',
      'when: { var: state.currentEvent, in: [VERIFY_DONE] }',
      'on: "VERIFY_*"',
    ],
    ['a glob beside a not_in', 'when: { var: state.currentEvent, not_in: [HEARTBEAT] }', 'on: "HEART*"'],
    [
      'an any in when',
      'when: { any: [{ var: state.currentEvent, equals: A }, { var: x, exists: true }] }',
      'on: B',
    ],
    ['a when on another variable', 'when: { var: x, equals: A }', 'on: B'],
  ])('does not report %s', (_, when, on) => {
    expect(found(ruleset([when], rule('r', on)))).toEqual([]);
  });

  it('does not report a disabled rule', () => {
    expect(
      found(ruleset(['when: { var: state.currentEvent, equals: A }'], rule('r', 'on: B', 'enabled: false'))),
    ).toEqual([]);
  });

  it("reports an `if` on state.currentEvent that the rule's own `on` excludes as a condition that never holds", () => {
    const text = ruleset(
      [],
      rule('r', 'on: VERIFY_DONE', 'if: { var: state.currentEvent, equals: ENROLL_DONE }'),
    );
    expect(found(text)).toEqual(['CONDITION_NEVER_HOLDS 5:9']);
    expect(runPipeline(text)[0]!.message).toBe(
      "this condition can never hold: state.currentEvent cannot equal both 'VERIFY_DONE' (the rule's `on`) and 'ENROLL_DONE'",
    );
  });
});

describe('rules that an earlier stop rule always ends the ruleset before', () => {
  const catchAll = (...keys: string[]) => rule('catch-all', 'stop: true', ...keys);

  it('reports a later rule at its `on`, naming the stop rule, whose `stop` is the related place', () => {
    const text = ruleset([], catchAll('on: "*"'), rule('later', 'on: VERIFY_DONE'));
    expect(found(text)).toEqual(['RULE_NEVER_RUNS 8:9']);
    const [d] = runPipeline(text);
    expect(d!.message).toBe(
      "this rule never runs: the rule 'catch-all', which runs before it with `stop: true` and no `if`, takes every event its `on` names and ends the ruleset",
    );
    expect(d!.related?.message).toBe("'catch-all' stops the ruleset here");
    expect(d!.related?.range.start).toBe(text.indexOf('true'));
  });

  it('reports every later rule, at its id when it has no `on`, after a stop rule without `on`', () => {
    expect(found(ruleset([], catchAll(), rule('one', 'on: X'), rule('two')))).toEqual([
      'RULE_NEVER_RUNS 7:9',
      'RULE_NEVER_RUNS 9:9',
    ]);
  });

  it.each([
    ['the same names', 'on: [A, B]', 'on: [B, A]'],
    ['the same glob', 'on: "VERIFY_*"', 'on: "VERIFY_*"'],
    ['a glob matching the name', 'on: "VERIFY_*"', 'on: VERIFY_DONE'],
    ['`*` and a glob starting with a letter, without `/`', 'on: "*"', 'on: "VERIFY_{DONE,FAILED}*"'],
  ])('reports a rule whose events the stop rule takes: %s', (_, stopOn, on) => {
    expect(found(ruleset([], catchAll(stopOn), rule('later', on)))).toEqual(['RULE_NEVER_RUNS 8:9']);
  });

  it('names each of several stop rules that together take the events', () => {
    const text = ruleset(
      [],
      rule('s1', 'stop: true', 'on: A'),
      rule('s2', 'stop: true', 'on: B'),
      rule('later', 'on: [A, B]'),
    );
    expect(runPipeline(text)[0]!.message).toMatch(
      /^this rule never runs: the rules 's1' and 's2', which run before it/,
    );
  });

  it('follows priority: a later-written stop rule of higher priority runs first', () => {
    expect(found(ruleset([], rule('first', 'on: A'), catchAll('on: A', 'priority: 1')))).toEqual([
      'RULE_NEVER_RUNS 4:9',
    ]);
    expect(found(ruleset([], catchAll('on: A', 'priority: -1'), rule('first', 'on: A')))).toEqual([]);
    expect(found(ruleset([], catchAll('on: A'), rule('first', 'on: A', 'priority: 1')))).toEqual([]);
  });

  it.each([
    ['an `if`', 'if: { var: x, exists: true }'],
    ['`once`', 'once: true'],
    ['`enabled: false`', 'enabled: false'],
    ['`stop: false`', 'on: A'],
  ])('does not report after a stop rule with %s', (_, key) => {
    const stop = key === 'on: A' ? rule('s', 'stop: false') : catchAll(key);
    expect(found(ruleset([], stop, rule('later', 'on: A')))).toEqual([]);
  });

  it.each([
    ['a name the stop rule does not match', 'on: "VERIFY_*"', 'on: [VERIFY_DONE, ENROLL_DONE]'],
    ['a glob it may not take all of', 'on: "VERIFY_*"', 'on: "VERIFY_D*"'],
    ['after `*`, a glob that may match `/`', 'on: "*"', 'on: "a/*"'],
    ['after `*`, a glob that may match a leading dot', 'on: "*"', 'on: "[.a]x"'],
    ['after `*`, a name with a leading dot', 'on: "*"', 'on: .hidden'],
  ])('does not report %s', (_, stopOn, on) => {
    expect(found(ruleset([], catchAll(stopOn), rule('later', on)))).toEqual([]);
  });

  it('does not report a disabled later rule, nor the stop rule itself, nor a rule written before it', () => {
    expect(
      found(ruleset([], rule('before', 'on: A'), catchAll('on: A'), rule('off', 'on: A', 'enabled: false'))),
    ).toEqual([]);
  });

  it('reports once a rule that both the when and a stop rule exclude', () => {
    const text = ruleset(
      ['when: { var: state.currentEvent, equals: B }'],
      catchAll(),
      rule('later', 'on: A'),
    );
    expect(found(text)).toEqual(['RULE_NEVER_RUNS 8:9']);
    expect(runPipeline(text)[0]!.message).toMatch(/`when` requires/);
  });
});
