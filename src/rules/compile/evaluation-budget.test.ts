import { buildRuleBook } from '../../../test/support/rule-book';
import type { ConditionSpec, LeafSpec } from '../spec';
import { evaluateEvent } from '../evaluate/evaluate-event';
import { EvaluationBudget, EvaluationBudgetExceededError, TICKS_PER_CHECK } from './evaluation-budget';

function spin(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

const BIG = 'a'.repeat(256 * 1024);
/** Case-insensitive: re2js then scans the whole value (a literal absent from it is ruled out at once). */
const regexLeaves = (count: number): LeafSpec[] =>
  Array.from({ length: count }, (_, i) => ({ var: 'big', regex: `(?i)fraud${i}` }));
const oneRule = (condition: ConditionSpec) =>
  buildRuleBook({ ruleset: 'spin', rules: [{ id: 'r', if: condition, then: { set: { k: 'v' } } }] });

/**
 * A clock that moves only when the evaluation reads a variable: each read of
 * `key` costs `msPerRead`, as a scan of its value would. Returns the event and
 * how many reads happened after the deadline; `performance.now` is replaced
 * until the test ends.
 */
function simulateCost(variables: Record<string, string>, key: string, msPerRead: number, budgetMs: number) {
  let clock = 0;
  let readsPastDeadline = 0;
  jest.spyOn(performance, 'now').mockImplementation(() => clock);
  const event = new Proxy(variables, {
    get(target, name, receiver) {
      if (name === key) {
        if (clock > budgetMs) readsPastDeadline++;
        clock += msPerRead;
      }
      return Reflect.get(target, name, receiver) as unknown;
    },
  });
  return { event, readsPastDeadline: () => readsPastDeadline };
}

afterEach(() => jest.restoreAllMocks());

describe('EvaluationBudget', () => {
  it('lets an evaluation within its budget finish, and stops one past it', () => {
    const budget = new EvaluationBudget(5);
    for (let i = 0; i < 100; i++) budget.tick();
    spin(10);
    expect(() => budget.check()).toThrow(EvaluationBudgetExceededError);
    expect(() => budget.check()).toThrow('evaluation took longer than its budget of 5 ms');
  });

  it('reads the clock after at most TICKS_PER_CHECK ticks, and before a long scan', () => {
    const budget = new EvaluationBudget(5);
    spin(10);
    for (let i = 1; i < TICKS_PER_CHECK; i++) budget.tick();
    expect(() => budget.tick()).toThrow(EvaluationBudgetExceededError);
    const scanning = new EvaluationBudget(5);
    spin(10);
    expect(() => scanning.scan(TICKS_PER_CHECK * 1024)).toThrow(EvaluationBudgetExceededError);
  });

  it('never throws without a budget', () => {
    const unlimited = new EvaluationBudget(Infinity);
    for (let i = 0; i < 10 * TICKS_PER_CHECK; i++) unlimited.tick();
    expect(() => unlimited.scan(1e9)).not.toThrow();
  });
});

describe('evaluateEvent under a budget', () => {
  it('stops one rule of 1,000 regex leaves over a 256 KiB value, which takes seconds unbudgeted', () => {
    const book = oneRule({ any: regexLeaves(1_000) });
    const event = { 'state.currentEvent': 'X', big: BIG };
    expect(() => evaluateEvent(book, event, { budgetMs: 20 })).toThrow(EvaluationBudgetExceededError);
  });

  it('charges a scan by the length of the value: at most one scan of it runs past the deadline', () => {
    const book = oneRule({ any: regexLeaves(1_000) });
    const cost = simulateCost({ 'state.currentEvent': 'X', big: BIG }, 'big', 1, 20);
    expect(() => evaluateEvent(book, cost.event, { budgetMs: 20 })).toThrow(EvaluationBudgetExceededError);
    expect(cost.readsPastDeadline()).toBeLessThanOrEqual(1);
  });

  it.each([
    ['a conjunction of leaves (the flat program)', 'all', { not_equals: 'x' }],
    ['any (a generic condition)', 'any', { equals: 'x' }],
  ])('checks the clock within one rule of 5,000 cheap leaves: %s', (_, kind, operator) => {
    const leaves = Array.from({ length: 5_000 }, () => ({ var: 'k', ...operator }) as LeafSpec);
    const book = oneRule((kind === 'all' ? { all: leaves } : { any: leaves }) as ConditionSpec);
    const cost = simulateCost({ 'state.currentEvent': 'X', k: 'y' }, 'k', 0.01, 5);
    expect(() => evaluateEvent(book, cost.event, { budgetMs: 5 })).toThrow(EvaluationBudgetExceededError);
    expect(cost.readsPastDeadline()).toBeLessThanOrEqual(TICKS_PER_CHECK);
  });

  it('checks the clock within a ruleset `when`', () => {
    const leaves = Array.from({ length: 5_000 }, () => ({ var: 'k', equals: 'x' }));
    const book = buildRuleBook({
      ruleset: 'spin',
      when: { any: leaves },
      rules: [{ id: 'r', then: { set: { k: 'v' } } }],
    });
    const cost = simulateCost({ 'state.currentEvent': 'X', k: 'y' }, 'k', 0.01, 5);
    expect(() => evaluateEvent(book, cost.event, { budgetMs: 5 })).toThrow(EvaluationBudgetExceededError);
    expect(cost.readsPastDeadline()).toBeLessThanOrEqual(TICKS_PER_CHECK);
  });
});
