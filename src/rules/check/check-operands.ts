import { formatNameList } from '../../diagnostics/list-names';
import { suggestName } from '../../diagnostics/did-you-mean';
import { getOperandKind, parseFiniteNumber } from '../operators';
import { compileRegex } from '../regex';
import { hintNumber } from '../schema/hint-number';
import type { SpecPath } from '../spec';
import { asRecord, hasOwn, report, type CheckContext, type PlainRecord } from './check-context';
import { walkAllConditions } from './walk';

/**
 * Operands that are well-typed but unusable: a regex that does not compile (with
 * the same construction as the compiler: RE2 syntax, size limit), a numeric operand that is not a finite
 * number, a `{ list: NAME }` naming no list of the ruleset, an empty list.
 */
export function checkOperands(context: CheckContext): void {
  const lists = asRecord(asRecord(context.root)?.lists);
  walkAllConditions(context.root, (condition, path) => {
    for (const [operator, operand] of Object.entries(condition)) {
      checkOperand(context, operator, operand, [...path, operator], lists);
    }
  });
}

function checkOperand(
  context: CheckContext,
  operator: string,
  operand: unknown,
  path: SpecPath,
  lists: PlainRecord | undefined,
): void {
  switch (getOperandKind(operator)) {
    case 'regex':
      if (typeof operand === 'string') checkRegex(context, operand, path);
      return;
    case 'number': {
      const value = typeof operand === 'string' ? parseFiniteNumber(operand) : operand;
      if (typeof value === 'number' && !Number.isFinite(value)) {
        report(
          context,
          'NON_NUMERIC_OPERAND',
          `'${operator}' needs a finite number, not ${value}`,
          context.locate(path),
        );
      } else if (value === undefined) {
        const hint = hintNumber(operand);
        const message = `'${operator}' compares numbers, and "${String(operand)}" is not a number${hint ? `: ${hint.reason}` : ''}`;
        report(context, 'NON_NUMERIC_OPERAND', message, context.locate(path), hint?.value);
      }
      return;
    }
    case 'list': {
      checkEmptyList(context, operator, operand, path, lists);
      const name = asRecord(operand)?.list;
      if (typeof name !== 'string' || hasOwn(lists, name)) return;
      const known = Object.keys(lists ?? {});
      const message = `no list named '${name}' in this ruleset's lists${known.length ? ` (${formatNameList(known)})` : ''}`;
      report(context, 'UNKNOWN_LIST', message, context.locate([...path, 'list']), () =>
        suggestName(name, known),
      );
      return;
    }
    default:
      return;
  }
}

/** `in: []` is never true and `not_in: []` always: an empty list (written, or named) is a mistake. */
function checkEmptyList(
  context: CheckContext,
  operator: string,
  operand: unknown,
  path: SpecPath,
  lists: PlainRecord | undefined,
): void {
  const outcome = operator === 'in' ? 'never true' : 'always true (it tests nothing)';
  if (Array.isArray(operand) && operand.length === 0) {
    const message = `'${operator}' is given an empty list, so this condition is ${outcome}; list the values to compare with`;
    report(context, 'EMPTY_LIST_OPERAND', message, context.locate(path));
    return;
  }
  const name = asRecord(operand)?.list;
  if (typeof name !== 'string' || !hasOwn(lists, name)) return;
  const list = lists?.[name];
  if (!Array.isArray(list) || list.length > 0) return;
  const message = `the list '${name}' is empty, so this condition is ${outcome}; give the list its values`;
  report(context, 'EMPTY_LIST_OPERAND', message, context.locate([...path, 'list']));
}

/**
 * At the construct; a rewrite (a backreference written out) becomes the suggestion when the source spells the
 * pattern literally, so that it replaces exactly the text it was made for (escapes in quotes would shift it).
 */
function checkRegex(context: CheckContext, pattern: string, path: SpecPath): void {
  const compiled = compileRegex(pattern);
  if (compiled.ok) return;
  const rewrite = compiled.rewrite;
  if (rewrite) {
    const { start, end } = rewrite.at;
    const range = context.locateWithin(path, start, end);
    const exact = range !== undefined && range.end - range.start === end - start;
    if (exact) return report(context, compiled.code, compiled.message, range, rewrite.text);
  }
  const range = compiled.at
    ? context.locateWithin(path, compiled.at.start, compiled.at.end)
    : context.locate(path);
  report(context, compiled.code, compiled.message, range);
}
