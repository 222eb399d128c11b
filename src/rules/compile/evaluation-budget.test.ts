import { buildRuleBook } from '../../../test/support/rule-book';
import { evaluateEvent } from '../evaluate/evaluate-event';
import { EvaluationBudget, EvaluationBudgetExceededError } from './evaluation-budget';

function spin(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

describe('EvaluationBudget', () => {
  it('lets an evaluation within its budget finish, and stops one past it', () => {
    const budget = new EvaluationBudget(5);
    for (let i = 0; i < 100; i++) budget.tick();
    spin(10);
    expect(() => budget.check()).toThrow(EvaluationBudgetExceededError);
    expect(() => budget.check()).toThrow('evaluation took longer than its budget of 5 ms');
  });

  it('is checked by evaluateEvent between rules: a budget of 0 stops a large rule set', () => {
    const rules = Array.from({ length: 200 }, (_, i) => ({ id: `r${i}`, then: { set: { [`k${i}`]: 'v' } } }));
    const book = buildRuleBook({ ruleset: 'big', rules });
    const event = { 'state.currentEvent': 'X' };
    expect(evaluateEvent(book, event).fired).toHaveLength(200);
    expect(() => evaluateEvent(book, event, { budgetMs: 0 })).toThrow(EvaluationBudgetExceededError);
  });
});
