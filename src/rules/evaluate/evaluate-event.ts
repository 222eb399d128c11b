import {
  createEmptyResponse,
  CURRENT_EVENT_KEY,
  type CustomLogicResponse,
  type NodeOverrideAction,
  type OperationAction,
  type SetSessionVariableAction,
  type SessionVariables,
} from '../../contract';
import { EMPTY_FILTER, mergeFilter, type EffectiveFilter } from '../../filter/effective-filter';
import type { CompiledCondition } from '../compile/compile-condition';
import { renderCode, type RenderStats } from '../compile/compile-template';
import type { OperatorDefinition } from '../compile/operators/operator';
import type { RuleBook } from '../compile/rule-book';
import { GENERIC, ONCE, STOP, type RuleProgram } from '../compile/rule-program';
import type { FilterAddition } from '../../filter/effective-filter';
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
  for (const { ruleset, program } of book.planFor(eventName)) {
    if (ruleset.when !== undefined && !ruleset.when.test(view)) continue;
    runProgram(program, view, context.onceFired, result);
  }
  if (result.filter !== before) result.response.event_filter = toWireFilter(result.filter);
  return result;
}

/**
 * Evaluates one planned ruleset's rules, laid out by `buildRuleProgram`
 * (rule-program.ts, which documents the layout): per rule, skip if `once` and
 * already fired, test its condition, and when it holds append its outputs;
 * `stop` ends the ruleset.
 */
function runProgram(
  p: RuleProgram,
  view: EventView,
  onceFired: ReadonlySet<string> | undefined,
  result: Evaluation,
): void {
  const response = result.response;
  let i = 0;
  while (i < p.length) {
    const qualifiedId = p[i] as string;
    const flags = p[i + 1] as number;
    i += 2;
    let holds = (flags & ONCE) === 0 || onceFired?.has(qualifiedId) !== true;
    if ((flags & GENERIC) !== 0) {
      if (holds) holds = (p[i] as CompiledCondition).test(view);
      i += 1;
    } else {
      const end = i + 1 + (p[i] as number);
      for (let t = i + 1; holds && t < end; t += 3) {
        holds = (p[t] as OperatorDefinition['test'])(view, p[t + 1] as string, p[t + 2]);
      }
      i = end;
    }
    // Outputs: read them when the rule fired, otherwise only skip over them.
    const updates = p[i] as number;
    i += 1;
    for (let u = 0; u < updates; u++) {
      const length = p[i + 2] as number;
      if (holds) {
        const fixed = p[i + 1] as Readonly<SetSessionVariableAction> | undefined;
        response.session_variable_updates.push(
          fixed ?? { key: p[i] as string, value: renderCode(p, i + 3, i + 3 + length, view, result) },
        );
      }
      i += 3 + length;
    }
    const operations = p[i] as number;
    i += 1;
    for (let o = 0; o < operations; o++) {
      const fixed = p[i] as Readonly<OperationAction> | undefined;
      const count = p[i + 2] as number;
      const parameters: Record<string, string> | undefined = holds && fixed === undefined ? {} : undefined;
      const action = p[i + 1] as string;
      i += 3;
      for (let k = 0; k < count; k++) {
        const length = p[i + 1] as number;
        if (parameters !== undefined)
          parameters[p[i] as string] = renderCode(p, i + 2, i + 2 + length, view, result);
        i += 2 + length;
      }
      if (holds) response.actions_to_perform.push(fixed ?? { action, parameters: parameters ?? {} });
    }
    const overrides = p[i] as readonly Readonly<NodeOverrideAction>[] | undefined;
    const filter = p[i + 1] as FilterAddition | undefined;
    i += 2;
    if (!holds) continue;
    result.fired.push(qualifiedId);
    if (overrides !== undefined) for (const override of overrides) response.nodes_to_override.push(override);
    if (filter !== undefined) result.filter = mergeFilter(result.filter, filter);
    if ((flags & STOP) !== 0) return;
  }
}

function toWireFilter(filter: EffectiveFilter) {
  return {
    keys_to_ignore: [...filter.keys_to_ignore],
    values_to_ignore: { ...filter.values_to_ignore },
    events_to_ignore: [...filter.events_to_ignore],
  };
}
