import type { CompiledRule } from './compiled-rule';

/**
 * The rules of one planned ruleset as one flat array, built once per plan at
 * load time, read by `evaluateEvent` in order. Evaluating a rule then reads a
 * run of consecutive slots (its leaf tests with their keys and operands, its
 * templates' parts, its outputs) instead of a dozen objects scattered over the
 * heap: with thousands of rules loaded and events spread over many names, the
 * cost of an event is mostly memory traffic, and this keeps it small and
 * sequential. The `CompiledRule`s stay the reference (explanations, tooling);
 * this is a copy of what evaluation needs, sharing their strings and operands.
 *
 * Layout, per rule (numbers are small integers):
 *   qualifiedId, flags (ONCE | STOP | GENERIC),
 *   GENERIC ? the CompiledCondition : (count of slots, then leaf triples),
 *   count of `set` updates, per update: key, fixed or undefined, template length, template code,
 *   count of `schedule` operations, per operation: fixed or undefined, action,
 *     count of parameters, per parameter: key, template length, template code,
 *   overrides (the rule's frozen array, or undefined when empty), filter or undefined.
 */
export type RuleProgram = readonly unknown[];

export const ONCE = 1;
export const STOP = 2;
/** The condition is not a conjunction of leaves: call its `test`. */
export const GENERIC = 4;

export function buildRuleProgram(rules: readonly CompiledRule[]): RuleProgram {
  const out: unknown[] = [];
  for (const rule of rules) {
    const leaves = rule.condition === undefined ? [] : rule.condition.leafTests;
    const flags = (rule.once ? ONCE : 0) | (rule.stop ? STOP : 0) | (leaves === undefined ? GENERIC : 0);
    out.push(rule.qualifiedId, flags);
    if (leaves === undefined) out.push(rule.condition);
    else out.push(leaves.length, ...leaves);
    out.push(rule.set.length);
    for (const update of rule.set) {
      out.push(update.key, update.fixed, update.template.code.length, ...update.template.code);
    }
    out.push(rule.schedule.length);
    for (const op of rule.schedule) {
      out.push(op.fixed, op.action, op.parameters.length);
      for (const [key, template] of op.parameters) out.push(key, template.code.length, ...template.code);
    }
    out.push(rule.overrides.length > 0 ? rule.overrides : undefined, rule.filter);
  }
  return out;
}
