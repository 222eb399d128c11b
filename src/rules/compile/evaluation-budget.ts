/** An evaluation ran past its budget: the event gets the fail policy's answer instead (docs/operations.md). */
export class EvaluationBudgetExceededError extends Error {
  override readonly name = 'EvaluationBudgetExceededError';
}

/** Rules evaluated between two looks at the clock: reading it costs more than a simple rule. */
const RULES_PER_CHECK = 32;

/**
 * The time one event's evaluation may take, in ms. Evaluation is synchronous,
 * so it cannot be interrupted from outside: it checks the clock itself, every
 * few rules and between rulesets, and throws once past the deadline. With
 * linear-time regexes and bounded rule files no rule set should come near it;
 * the budget is what keeps a mistake from holding every call in progress.
 */
export class EvaluationBudget {
  private readonly deadline: number;
  private untilCheck = RULES_PER_CHECK;

  constructor(readonly budgetMs: number) {
    this.deadline = performance.now() + budgetMs;
  }

  /** Called once per rule. */
  tick(): void {
    if (--this.untilCheck > 0) return;
    this.untilCheck = RULES_PER_CHECK;
    this.check();
  }

  check(): void {
    if (performance.now() > this.deadline)
      throw new EvaluationBudgetExceededError(
        `evaluation took longer than its budget of ${this.budgetMs} ms`,
      );
  }
}
