import type { SessionVariables } from '../contract';
import { computeDelta, type KeyTest } from '../filter';
import type { RuleBook } from '../rules/compile/rule-book';
import { evaluateEvent, type Evaluation, type EvaluationContext } from '../rules/evaluate/evaluate-event';
import type { SessionState } from '../session/session-state';

export interface SessionStep {
  evaluation: Evaluation;
  /** What the webhook knew before the event (also what `explainEvent` needs to agree with it). */
  context: EvaluationContext;
  next: SessionState;
}

/**
 * One event of a session, as the webhook answers it: the delta against the
 * session's previous event, the rules evaluated with the session's `once` memory
 * and effective filter, and the session's next state. Pure: the server (through
 * a store) and the simulations (rule tests, replay) share it.
 */
export function stepSession(
  book: RuleBook,
  state: SessionState | undefined,
  variables: SessionVariables,
  isAutomatic: KeyTest,
  now = 0,
): SessionStep {
  const delta = computeDelta(state?.previous, variables, isAutomatic);
  const context: EvaluationContext =
    state === undefined ? { delta } : { delta, filter: state.filter, onceFired: state.onceFired };
  const evaluation = evaluateEvent(book, variables, context);
  let onceFired = state?.onceFired ?? new Set<string>();
  const newlyOnce = evaluation.fired.filter((id) => book.onceRules.has(id));
  if (newlyOnce.length > 0) onceFired = new Set([...onceFired, ...newlyOnce]);
  return {
    evaluation,
    context,
    next: { previous: variables, filter: evaluation.filter, onceFired, lastSeen: now },
  };
}
