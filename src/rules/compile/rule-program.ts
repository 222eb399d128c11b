import type {
  CustomLogicResponse,
  NodeOverrideAction,
  OperationAction,
  SetSessionVariableAction,
} from '../../contract/types';
import { mergeFilter, type EffectiveFilter, type FilterAddition } from '../../filter/effective-filter';
import type { CompiledCondition } from './compiled-condition';
import { renderCode, type RenderStats } from './compile-template';
import type { CompiledRule } from './compiled-rule';
import type { EventView } from './event-view';
import { parameterShape } from './parameter-shape';
import { SharedValues } from './shared-values';
import { equalsOperator } from './operators/equals';
import { gtOperator } from './operators/gt';
import { inOperator } from './operators/in';
import { ltOperator } from './operators/lt';
import type { OperatorDefinition, TextList } from './operators/operator';

/**
 * The rules of one planned ruleset as one flat array, built once per plan at
 * load time and run per event. Evaluating a rule then reads a run of
 * consecutive slots (its leaf tests with their keys and operands, its
 * templates' parts, its outputs) instead of a dozen objects scattered over the
 * heap: with thousands of rules loaded and events spread over many names, the
 * cost of an event is mostly memory traffic, and this keeps it small and
 * sequential. The `CompiledRule`s stay the reference (explanations, tooling);
 * this is a copy of what evaluation needs, sharing their strings and operands.
 *
 * This file is the only one that knows the layout: `buildRuleProgram` writes
 * it and `runRuleProgram` reads it. Per rule, in order (counts are the number
 * of groups that follow):
 */
type RuleHead = [qualifiedId: string, flags: number];
/** When `flags & GENERIC`: the condition object. Otherwise a count of slots, then `LeafSlots` groups. */
type GenericCondition = [condition: CompiledCondition | undefined];
type LeafSlots = [test: OperatorDefinition['test'], key: string, prepared: unknown];
/** `set` updates: a count, then per update `UpdateHead` and `length` slots of template code. */
type UpdateHead = [key: string, fixed: Readonly<SetSessionVariableAction> | undefined, length: number];
/** `schedule`: a count, then per operation `OperationHead` and its parameters. */
type OperationHead = [
  fixed: Readonly<OperationAction> | undefined,
  action: string,
  parameters: number,
  /** The parameters' keys in order, each with '': copied per event, then filled in. */
  shape: Readonly<Record<string, string>>,
];
/** Per parameter `ParameterHead`, then `length` slots of template code. */
type ParameterHead = [key: string, length: number];
type RuleTail = [
  overrides: readonly Readonly<NodeOverrideAction>[] | undefined,
  filter: FilterAddition | undefined,
];

export type RuleProgram = readonly unknown[];

export const ONCE = 1;
export const STOP = 2;
/** The condition is not a conjunction of leaves: call its `test`. */
export const GENERIC = 4;

/** Appends slots one by one: a spread push overflows the stack on long arrays (huge templates). */
function append<T extends readonly unknown[]>(out: unknown[], ...slots: T): void {
  for (const slot of slots) out.push(slot);
}

function appendAll(out: unknown[], items: readonly unknown[], shared: SharedValues): void {
  for (const item of items) out.push(shared.share(item));
}

const EQUALS = equalsOperator.test;
const IN = inOperator.test;
const LT = ltOperator.test;
const GT = gtOperator.test;

/**
 * Calls a leaf's operator test. The most common operators are called by name
 * rather than through the slot, so that the optimizer can inline them into
 * the program loop (a call through a slot holding any of 14 functions cannot be).
 */
function runLeafTest(test: LeafSlots[0], view: EventView, key: string, prepared: unknown): boolean {
  if (test === EQUALS) return EQUALS(view, key, prepared as string);
  if (test === IN) return IN(view, key, prepared as TextList);
  if (test === LT) return LT(view, key, prepared as number);
  if (test === GT) return GT(view, key, prepared as number);
  return test(view, key, prepared);
}

/** `shared`: the book's pool of operands and texts, so that programs reference one copy of each. */
export function buildRuleProgram(
  rules: readonly CompiledRule[],
  shared: SharedValues = new SharedValues(),
): RuleProgram {
  const out: unknown[] = [];
  for (const rule of rules) {
    const leaves = rule.condition === undefined ? [] : rule.condition.leafTests;
    const flags = (rule.once ? ONCE : 0) | (rule.stop ? STOP : 0) | (leaves === undefined ? GENERIC : 0);
    append<RuleHead>(out, rule.qualifiedId, flags);
    if (leaves === undefined) append<GenericCondition>(out, rule.condition);
    else {
      out.push(leaves.length);
      appendAll(out, leaves, shared);
    }
    out.push(rule.set.length);
    for (const update of rule.set) {
      append<UpdateHead>(out, update.key, update.fixed, update.template.code.length);
      appendAll(out, update.template.code, shared);
    }
    out.push(rule.schedule.length);
    for (const op of rule.schedule) {
      const shape = parameterShape(op.parameters.map(([key]) => key));
      append<OperationHead>(out, op.fixed, op.action, op.parameters.length, shape);
      for (const [key, template] of op.parameters) {
        append<ParameterHead>(out, key, template.code.length);
        appendAll(out, template.code, shared);
      }
    }
    append<RuleTail>(out, rule.overrides.length > 0 ? rule.overrides : undefined, rule.filter);
  }
  return out;
}

/** Where a program run writes: the response being built, fired ids, the session's filter. */
export interface ProgramOutput extends RenderStats {
  response: CustomLogicResponse;
  fired: string[];
  filter: EffectiveFilter;
}

/**
 * Runs one planned ruleset's rules: per rule, skip if `once` and already
 * fired, test its condition, and when it holds append its outputs; `stop`
 * ends the ruleset (the result is true then). A rule that does not fire only
 * skips over its slots. Each rule and each leaf tested ticks the view's budget.
 */
export function runRuleProgram(
  p: RuleProgram,
  view: EventView,
  onceFired: ReadonlySet<string> | undefined,
  result: ProgramOutput,
): boolean {
  const response = result.response;
  const budget = view.budget;
  let i = 0;
  while (i < p.length) {
    budget.tick();
    const qualifiedId = p[i] as RuleHead[0];
    const flags = p[i + 1] as RuleHead[1];
    i += 2;
    let holds = (flags & ONCE) === 0 || onceFired?.has(qualifiedId) !== true;
    if ((flags & GENERIC) !== 0) {
      if (holds) holds = (p[i] as CompiledCondition).test(view);
      i += 1;
    } else {
      const end = i + 1 + (p[i] as number);
      for (let t = i + 1; holds && t < end; t += 3) {
        budget.tick();
        holds = runLeafTest(p[t] as LeafSlots[0], view, p[t + 1] as LeafSlots[1], p[t + 2]);
      }
      i = end;
    }
    const updates = p[i] as number;
    i += 1;
    for (let u = 0; u < updates; u++) {
      const length = p[i + 2] as UpdateHead[2];
      if (holds) {
        const fixed = p[i + 1] as UpdateHead[1];
        response.session_variable_updates.push(
          fixed ?? { key: p[i] as UpdateHead[0], value: renderCode(p, i + 3, i + 3 + length, view, result) },
        );
      }
      i += 3 + length;
    }
    const operations = p[i] as number;
    i += 1;
    for (let o = 0; o < operations; o++) {
      const fixed = p[i] as OperationHead[0];
      const action = p[i + 1] as OperationHead[1];
      const count = p[i + 2] as OperationHead[2];
      const parameters: Record<string, string> | undefined =
        holds && fixed === undefined ? { ...(p[i + 3] as OperationHead[3]) } : undefined;
      i += 4;
      for (let k = 0; k < count; k++) {
        const length = p[i + 1] as ParameterHead[1];
        if (parameters !== undefined)
          parameters[p[i] as ParameterHead[0]] = renderCode(p, i + 2, i + 2 + length, view, result);
        i += 2 + length;
      }
      if (holds) response.actions_to_perform.push(fixed ?? { action, parameters: parameters ?? {} });
    }
    const overrides = p[i] as RuleTail[0];
    const filter = p[i + 1] as RuleTail[1];
    i += 2;
    if (!holds) continue;
    result.fired.push(qualifiedId);
    if (overrides !== undefined) for (const override of overrides) response.nodes_to_override.push(override);
    if (filter !== undefined) result.filter = mergeFilter(result.filter, filter);
    if ((flags & STOP) !== 0) return true;
  }
  return false;
}
