import type { SpecPath } from '../spec';
import { asArray, asRecord, type PlainRecord } from './check-context';

export type ConditionVisitor = (condition: PlainRecord, path: SpecPath) => void;

/** Visits a condition and every condition nested in it (all/any items, not), depth first. */
export function walkCondition(value: unknown, path: SpecPath, visit: ConditionVisitor): void {
  const condition = asRecord(value);
  if (!condition) return;
  visit(condition, path);
  for (const key of ['all', 'any'] as const) {
    asArray(condition[key]).forEach((item, index) => walkCondition(item, [...path, key, index], visit));
  }
  if (condition.not !== undefined) walkCondition(condition.not, [...path, 'not'], visit);
}

/** Visits every condition of a rule file: `when`, each named condition, each rule's `if`. */
export function walkAllConditions(root: unknown, visit: ConditionVisitor): void {
  const ruleset = asRecord(root);
  if (!ruleset) return;
  walkCondition(ruleset.when, ['when'], visit);
  for (const [name, condition] of Object.entries(asRecord(ruleset.conditions) ?? {})) {
    walkCondition(condition, ['conditions', name], visit);
  }
  forEachRule(root, (rule, path) => walkCondition(rule.if, [...path, 'if'], visit));
}

/** Visits every rule that is a mapping, with its path `['rules', index]`. */
export function forEachRule(root: unknown, visit: (rule: PlainRecord, path: SpecPath) => void): void {
  asArray(asRecord(root)?.rules).forEach((item, index) => {
    const rule = asRecord(item);
    if (rule) visit(rule, ['rules', index]);
  });
}

/** Visits every rule's `then` that is a mapping, with its path. */
export function forEachThen(root: unknown, visit: (then: PlainRecord, path: SpecPath) => void): void {
  forEachRule(root, (rule, path) => {
    const then = asRecord(rule.then);
    if (then) visit(then, [...path, 'then']);
  });
}

/** Visits every template: `set` values and operation `parameters` values, with their paths. */
export function forEachTemplate(root: unknown, visit: (value: unknown, path: SpecPath) => void): void {
  forEachThen(root, (then, path) => {
    for (const [key, value] of Object.entries(asRecord(then.set) ?? {})) visit(value, [...path, 'set', key]);
    asArray(then.schedule).forEach((item, index) => {
      for (const [key, value] of Object.entries(asRecord(asRecord(item)?.parameters) ?? {})) {
        visit(value, [...path, 'schedule', index, 'parameters', key]);
      }
    });
  });
}
