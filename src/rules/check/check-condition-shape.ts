import { isOperatorName, OPERATOR_NAMES } from '../operators';
import { CONDITION_KINDS } from '../schema/condition-schema';
import type { SpecPath } from '../spec';
import { report, type CheckContext, type PlainRecord } from './check-context';
import { walkAllConditions } from './walk';

/**
 * A condition is exactly one kind (all, any, not, ref, changed, var), and a `var`
 * leaf has exactly one operator. The schema lets any of these keys appear, so
 * that a mistake is reported once, here, in words that say how to fix it.
 */
export function checkConditionShapes(context: CheckContext): void {
  walkAllConditions(context.root, (condition, path) => checkShape(context, condition, path));
}

function checkShape(context: CheckContext, condition: PlainRecord, path: SpecPath): void {
  const keys = Object.keys(condition);
  const kinds = CONDITION_KINDS.filter((kind) => keys.includes(kind));
  const operators = keys.filter(isOperatorName);
  const hasUnknownKeys = keys.length > kinds.length + operators.length;
  if (kinds.length === 0) {
    if (operators.length > 0) {
      const message = `this condition uses '${operators[0]}' but has no 'var': name the session variable to test`;
      report(context, 'MISSING_KEY', message, context.locate(path));
    } else if (keys.length === 0) {
      const message =
        'empty condition: write { var: KEY, OPERATOR: VALUE }, or use all, any, not, ref or changed';
      report(context, 'MISSING_KEY', message, context.locate(path));
    }
    return;
  }
  const kind = kinds[0]!;
  if (kinds.length > 1) {
    const message = `a condition is one of ${CONDITION_KINDS.join(', ')}; this one has both '${kind}' and '${kinds[1]}': split it into two conditions (inside all: [...] for instance)`;
    report(context, 'CONFLICTING_KEYS', message, context.locateKey([...path, kinds[1]!]));
    return;
  }
  if (kind !== 'var') {
    if (operators.length > 0) {
      const message = `the operator '${operators[0]}' goes with 'var', not with '${kind}'`;
      report(context, 'CONFLICTING_KEYS', message, context.locateKey([...path, operators[0]!]));
    }
    return;
  }
  const variable = typeof condition.var === 'string' ? `'${condition.var}'` : 'the variable';
  if (operators.length === 0 && !hasUnknownKeys) {
    const message = `the condition on ${variable} has no operator; add one of: ${OPERATOR_NAMES.join(', ')}`;
    report(context, 'MISSING_OPERATOR', message, context.locate(path));
  }
  if (operators.length > 1) {
    const message = `the condition on ${variable} has ${operators.length} operators (${operators.join(', ')}); a condition has exactly one: combine several with all: [...] or any: [...]`;
    report(context, 'MULTIPLE_OPERATORS', message, context.locateKey([...path, operators[1]!]));
  }
}
