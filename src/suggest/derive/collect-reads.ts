import { parseTemplate } from '../../rules/template';
import type { ConditionSpec } from '../../rules/spec';
import type { DeriveRule } from './pack-rules';

/** How a rule reads a variable: a condition's `var`, a `changed` glob, or a `${...}` placeholder. */
export type ReadKind = 'var' | 'changed' | 'template';

/** One variable (or, for `changed`, glob of variables) a rule reads. */
export interface VariableRead {
  name: string;
  kind: ReadKind;
  /** Read by the ruleset's `when`, which is part of every rule of the ruleset. */
  inWhen: boolean;
}

/**
 * Every variable a rule reads: its ruleset's `when` and its `if` (named conditions followed through
 * `ref`, once each), and the placeholders of its `set` values and operation parameters (the only
 * templated texts). Named lists hold values, never variable names.
 */
export function listRuleReads(rule: DeriveRule): VariableRead[] {
  const reads: VariableRead[] = [];
  const conditions = rule.ruleset.conditions;
  const visit = (condition: ConditionSpec | undefined, inWhen: boolean, seen: Set<string>): void => {
    if (condition === undefined || typeof condition !== 'object' || condition === null) return;
    if ('var' in condition && typeof condition.var === 'string')
      reads.push({ name: condition.var, kind: 'var', inWhen });
    if ('changed' in condition && typeof condition.changed === 'string')
      reads.push({ name: condition.changed, kind: 'changed', inWhen });
    if ('all' in condition && Array.isArray(condition.all))
      for (const part of condition.all) visit(part, inWhen, seen);
    if ('any' in condition && Array.isArray(condition.any))
      for (const part of condition.any) visit(part, inWhen, seen);
    if ('not' in condition) visit(condition.not as ConditionSpec | undefined, inWhen, seen);
    if ('ref' in condition && typeof condition.ref === 'string' && !seen.has(condition.ref)) {
      seen.add(condition.ref);
      if (conditions !== undefined && Object.hasOwn(conditions, condition.ref))
        visit(conditions[condition.ref], inWhen, seen);
    }
  };
  visit(rule.ruleset.when, true, new Set());
  visit(rule.spec.if, false, new Set());
  for (const text of listTemplates(rule)) {
    for (const part of parseTemplate(text).parts)
      if (typeof part !== 'string') reads.push({ name: part.key, kind: 'template', inWhen: false });
  }
  return reads;
}

function listTemplates(rule: DeriveRule): string[] {
  const { set, schedule } = rule.spec.then;
  const values = Object.values(set ?? {});
  for (const operation of schedule ?? []) values.push(...Object.values(operation.parameters ?? {}));
  return values.filter((value): value is string => typeof value === 'string');
}
