import type { ConditionTrace } from './condition-trace';
import type { EventView } from './event-view';

/**
 * A condition compiled once: `test` is the hot path; `explain` re-walks it to say
 * why. Nodes are small class instances (methods on prototypes, no closures per
 * node), because large rule sets keep thousands of them in memory. Every node
 * ticks the view's budget as it tests (evaluation-budget.ts), so that no
 * condition, however large, runs long without a look at the clock.
 */
export interface CompiledCondition {
  test(view: EventView): boolean;
  explain(view: EventView): ConditionTrace;
  /**
   * For a conjunction of leaves: (operator test, key, prepared operand) triples,
   * all of which hold exactly when `test` does. Undefined for other shapes.
   * Whoever runs them instead of `test` ticks the budget once per leaf.
   */
  readonly leafTests?: readonly unknown[] | undefined;
}
