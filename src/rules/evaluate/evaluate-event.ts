import {
  createEmptyResponse,
  CURRENT_EVENT_KEY,
  type CustomLogicResponse,
  type SessionVariables,
} from '../../contract';
import { EMPTY_FILTER, mergeFilter, type EffectiveFilter } from '../../filter/effective-filter';
import type { RenderStats } from '../compile/compile-template';
import type { CompiledRule } from '../compile/compiled-rule';
import type { RuleBook } from '../compile/rule-book';
import { EventView } from './event-view';

/** What the session knows before this event; everything absent means "served statelessly". */
export interface EvaluationContext {
  /** Keys added or changed since the previous event of the session. */
  delta?: readonly string[];
  /** The session's effective filter so far. */
  filter?: EffectiveFilter;
  /** `ruleset/rule` ids of `once` rules that already fired in this session. */
  onceFired?: ReadonlySet<string>;
}

export interface Evaluation extends RenderStats {
  response: CustomLogicResponse;
  /** `ruleset/rule` ids in firing order. */
  fired: string[];
  /** The session's effective filter after this event (the same object when unchanged). */
  filter: EffectiveFilter;
}

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
  context: EvaluationContext = {},
): Evaluation {
  const view = new EventView(variables, context.delta);
  const eventName = view.get(CURRENT_EVENT_KEY) ?? '';
  const before = context.filter ?? EMPTY_FILTER;
  const result: Evaluation = {
    response: createEmptyResponse(),
    fired: [],
    filter: before,
    missingTemplateVariables: 0,
  };
  for (const { ruleset, rules } of book.planFor(eventName)) {
    if (ruleset.when !== undefined && !ruleset.when.test(view)) continue;
    for (const rule of rules) {
      if (rule.once && context.onceFired?.has(rule.qualifiedId) === true) continue;
      if (rule.condition !== undefined && !rule.condition.test(view)) continue;
      result.fired.push(rule.qualifiedId);
      applyRule(rule, view, result);
      if (rule.stop) break;
    }
  }
  if (result.filter !== before) result.response.event_filter = toWireFilter(result.filter);
  return result;
}

function applyRule(rule: CompiledRule, view: EventView, result: Evaluation): void {
  const response = result.response;
  for (const op of rule.schedule) {
    if (op.fixed !== undefined) {
      response.actions_to_perform.push(op.fixed);
      continue;
    }
    const parameters: Record<string, string> = {};
    for (const [key, template] of op.parameters) parameters[key] = template(view, result);
    response.actions_to_perform.push({ action: op.action, parameters });
  }
  for (const update of rule.set) {
    response.session_variable_updates.push(
      update.fixed ?? { key: update.key, value: update.template(view, result) },
    );
  }
  for (const override of rule.overrides) response.nodes_to_override.push(override);
  if (rule.filter !== undefined) result.filter = mergeFilter(result.filter, rule.filter);
}

function toWireFilter(filter: EffectiveFilter) {
  return {
    keys_to_ignore: [...filter.keys_to_ignore],
    values_to_ignore: { ...filter.values_to_ignore },
    events_to_ignore: [...filter.events_to_ignore],
  };
}
