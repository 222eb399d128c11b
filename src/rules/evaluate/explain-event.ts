import { CURRENT_EVENT_KEY, type SessionVariables } from '../../contract/types';
import type { ConditionTrace } from '../compile/condition-trace';
import type { RuleBook } from '../compile/rule-book';
import type { EvaluationContext } from './evaluate-event';
import { EventView } from '../compile/event-view';

/** Why a rule fired or not: `reason` names the first thing that decided it. */
export interface RuleExplanation {
  rule: string;
  fired: boolean;
  reason: 'fired' | 'on' | 'when' | 'if' | 'once' | 'stopped' | 'disabled';
  /** The trace of the deciding condition (`when` or `if`), when one decided. */
  condition?: ConditionTrace;
}

/**
 * Explains one event for every rule of every ruleset, in evaluation order. Slow
 * by design (it traces every condition); never used to answer the engine.
 * Agrees with `evaluateEvent` on which rules fire.
 */
export function explainEvent(
  book: RuleBook,
  variables: SessionVariables,
  context: EvaluationContext = {},
): RuleExplanation[] {
  const view = new EventView(variables, context.changed);
  const eventName = view.get(CURRENT_EVENT_KEY) ?? '';
  const out: RuleExplanation[] = [];
  for (const ruleset of book.rulesets) {
    const when = ruleset.when?.explain(view);
    let stopped = false;
    for (const rule of ruleset.rules) {
      const base = { rule: rule.qualifiedId, fired: false };
      if (!rule.matchesEvent(eventName)) out.push({ ...base, reason: 'on' });
      else if (stopped) out.push({ ...base, reason: 'stopped' });
      else if (when !== undefined && !when.result) out.push({ ...base, reason: 'when', condition: when });
      else if (rule.once && context.onceFired?.has(rule.qualifiedId) === true)
        out.push({ ...base, reason: 'once' });
      else {
        const trace = rule.condition?.explain(view);
        if (trace !== undefined && !trace.result) out.push({ ...base, reason: 'if', condition: trace });
        else {
          out.push(
            trace === undefined
              ? { ...base, fired: true, reason: 'fired' }
              : { ...base, fired: true, reason: 'fired', condition: trace },
          );
          stopped = rule.stop;
        }
      }
    }
    for (const rule of ruleset.disabledRules) out.push({ rule, fired: false, reason: 'disabled' });
  }
  return out;
}
