import { checkDeclaredValue, describeKind, findDeclaration } from '../catalog/declared-values';
import type { VariableDeclaration } from '../catalog/catalog-spec';
import { getOperandKind, parseFiniteNumber } from '../operators';
import type { SpecPath } from '../spec';
import { parseTemplate } from '../template';
import { asArray, asRecord, report, type CheckContext, type PlainRecord } from './check-context';
import { forEachThen, walkAllConditions } from './walk';

/** What a value outside the declaration makes of a condition, by operator. */
const OUTCOMES: ReadonlyMap<string, { whole: string; item?: string }> = new Map([
  ['equals', { whole: 'so this condition can never hold' }],
  ['not_equals', { whole: 'so this condition always holds' }],
  ['in', { whole: 'so this condition can never hold', item: 'so this item never matches' }],
  ['not_in', { whole: 'so this condition always holds', item: 'so this item excludes nothing' }],
]);

/**
 * Values against the catalog's variable declarations (kind, values, pattern): the operands of
 * equals / not_equals / in / not_in (VALUE_NOT_ALLOWED), number comparisons of a variable declared as
 * text or yes/no (NUMBER_COMPARISON_ON_TEXT), and `set` values (SET_VALUE_NOT_ALLOWED; those with a
 * template placeholder depend on the event, and are left alone). Warnings: the catalog may be behind
 * the engine. Variables without a declaration are not checked.
 */
export function checkVariableValues(context: CheckContext): void {
  const catalog = context.catalog;
  if (!catalog?.declarations) return;
  const lists = asRecord(asRecord(context.root)?.lists);
  walkAllConditions(context.root, (condition, path) => {
    const name = condition.var;
    const declaration = typeof name === 'string' ? findDeclaration(catalog, name) : undefined;
    if (declaration?.kind === undefined || typeof name !== 'string') return;
    for (const [operator, operand] of Object.entries(condition)) {
      if (getOperandKind(operator) === 'number')
        checkNumberComparison(context, name, declaration, path, operator);
      else if (OUTCOMES.has(operator))
        checkOperand(context, name, declaration, [...path, operator], operand, lists);
    }
  });
  forEachThen(context.root, (then, path) => {
    for (const [key, value] of Object.entries(asRecord(then.set) ?? {})) {
      const declaration = findDeclaration(catalog, key);
      const literal = typeof value === 'string' ? readLiteral(value) : undefined;
      if (declaration === undefined || literal === undefined) continue;
      const verdict = checkDeclaredValue(declaration, literal);
      if (verdict.ok) continue;
      const message = `this rule sets '${key}' to '${literal}', which is not a value of '${key}': ${verdict.reason}`;
      // A `$` of the value meant is written `$$` in a set value.
      const suggest = () => verdict.suggest()?.replace(/\$/g, '$$$$');
      report(context, 'SET_VALUE_NOT_ALLOWED', message, context.locate([...path, 'set', key]), suggest);
    }
  });
}

function checkOperand(
  context: CheckContext,
  name: string,
  declaration: VariableDeclaration,
  path: SpecPath,
  operand: unknown,
  lists: PlainRecord | undefined,
): void {
  const operator = String(path[path.length - 1]);
  const outcome = OUTCOMES.get(operator)!;
  if (typeof operand === 'string') {
    reportValue(context, name, declaration, path, operand, outcome.whole);
    return;
  }
  const listName = asRecord(operand)?.list;
  const named = typeof listName === 'string' ? lists?.[listName] : undefined;
  const items = Array.isArray(operand) ? operand : asArray(named);
  const at: SpecPath = Array.isArray(operand) ? path : ['lists', String(listName)];
  const refused = items.filter(
    (item) => typeof item === 'string' && !checkDeclaredValue(declaration, item).ok,
  );
  const whole = refused.length === items.length;
  const where = Array.isArray(operand) ? '' : ` (in the list '${String(listName)}', compared with '${name}')`;
  items.forEach((item, index) => {
    if (typeof item !== 'string') return;
    const consequence = `${whole ? outcome.whole : outcome.item!}${where}`;
    reportValue(context, name, declaration, [...at, index], item, consequence);
  });
}

function reportValue(
  context: CheckContext,
  name: string,
  declaration: VariableDeclaration,
  path: SpecPath,
  value: string,
  consequence: string,
): void {
  const verdict = checkDeclaredValue(declaration, value);
  if (verdict.ok) return;
  const message = `'${value}' is not a value of '${name}': ${verdict.reason}, ${consequence}`;
  report(context, 'VALUE_NOT_ALLOWED', message, context.locate(path), verdict.suggest);
}

/**
 * gt/gte/lt/lte read the variable as a number: on a yes/no variable, or a text one whose values are
 * none of them numbers, the comparison can never hold; on other text, it holds only for values that
 * happen to read as numbers, which the declaration does not promise.
 */
function checkNumberComparison(
  context: CheckContext,
  name: string,
  declaration: VariableDeclaration,
  path: SpecPath,
  operator: string,
): void {
  if (declaration.kind === 'number') return;
  const values = declaration.values?.map((v) => v.value);
  if (values?.some((value) => parseFiniteNumber(value) !== undefined)) return;
  const never = declaration.kind === 'yes-no' || values !== undefined;
  const consequence = never
    ? 'none of its values is a number, so this condition can never hold'
    : `it holds only when the text happens to be a number; if '${name}' holds numbers, declare it with kind: number`;
  const message = `'${operator}' compares numbers, and the catalog declares '${name}' as ${describeKind(declaration)}: ${consequence}`;
  report(context, 'NUMBER_COMPARISON_ON_TEXT', message, context.locateKey([...path, operator]));
}

/** The text a `set` value writes whatever the event: undefined when it has a placeholder or is malformed. */
function readLiteral(value: string): string | undefined {
  const { parts, errors } = parseTemplate(value);
  if (errors.length > 0 || parts.some((part) => typeof part !== 'string')) return undefined;
  return parts.join('');
}
