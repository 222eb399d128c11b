// From the defining module, not the folder's index: compiled re-exports are getters, run on every event.
import { createEmptyResponse, CURRENT_EVENT_KEY, type SessionVariables } from '../../contract/types';
import { EMPTY_FILTER, type EffectiveFilter } from '../../filter/effective-filter';
import { EvaluationBudget, NO_BUDGET } from '../compile/evaluation-budget';
import { EventView } from '../compile/event-view';
import type { RuleBook } from '../compile/rule-book';
import type { ProgramOutput } from '../compile/rule-program';

/** What the session knows before this event; everything absent means "no history". */
export interface EvaluationContext {
  /** The `changed` globs whose variables changed since the session's previous event. */
  changed?: ReadonlySet<string>;
  /** The session's effective filter so far. */
  filter?: EffectiveFilter;
  /** `ruleset/rule` ids of `once` rules that already fired in this session. */
  onceFired?: ReadonlySet<string>;
  /**
   * The longest the evaluation may take, in ms; past it, EvaluationBudgetExceededError
   * (at most a few ms later: see evaluation-budget.ts).
   */
  budgetMs?: number;
}

/** The context of an event with no history, shared: evaluation only reads it. */
const NO_CONTEXT: EvaluationContext = Object.freeze({});

/**
 * `fired`: `ruleset/rule` ids in firing order; `filter`: the session's
 * effective filter after this event (the same object when unchanged).
 */
export type Evaluation = ProgramOutput;

/**
 * Evaluates one event: rulesets in load order; within one, its rules that can
 * apply to the event name by priority then written order; a rule fires when the
 * ruleset's `when` and the rule's `if` hold; `stop` ends its own ruleset only.
 * Fired rules append their outputs in firing order. The whole effective filter
 * is sent whenever it changed.
 */
export function evaluateEvent(
  book: RuleBook,
  variables: SessionVariables,
  context: EvaluationContext = NO_CONTEXT,
): Evaluation {
  const budget = context.budgetMs === undefined ? NO_BUDGET : new EvaluationBudget(context.budgetMs);
  const view = new EventView(variables, context.changed, budget);
  const eventName = view.get(CURRENT_EVENT_KEY) ?? '';
  const before = context.filter ?? EMPTY_FILTER;
  const result: Evaluation = {
    response: createEmptyResponse(),
    fired: [],
    filter: before,
    missingTemplateVariables: 0,
  };
  book.planFor(eventName).run(view, context.onceFired, result);
  if (result.filter !== before) result.response.event_filter = toWireFilter(result.filter);
  return result;
}

function toWireFilter(filter: EffectiveFilter) {
  return {
    keys_to_ignore: [...filter.keys_to_ignore],
    values_to_ignore: { ...filter.values_to_ignore },
    events_to_ignore: [...filter.events_to_ignore],
  };
}
