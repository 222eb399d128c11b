import { hintBoolean } from './hint-boolean';
import { hintNumber } from './hint-number';

/** Why a value of the wrong type is so, when it reads as what was expected (`"true"`, `"10"`, `"0,35"`). */
export function hintType(type: unknown, data: unknown): { value?: string; reason: string } | undefined {
  if (type === 'boolean') return hintBoolean(data);
  if (type === 'integer' || type === 'number') return hintNumber(data, type === 'integer');
  return undefined;
}

/** The list operator meant where `equals`/`not_equals` is given several values, by the operand schema's title. */
const LIST_OPERATORS: Readonly<Record<string, { name: string; test: string }>> = {
  'equals (operator)': { name: 'in', test: 'is one of several texts' },
  'not_equals (operator)': { name: 'not_in', test: 'is none of several texts' },
};

/**
 * `equals: [A, B]` (or `equals: { list: NAME }`): `in` was meant. The message,
 * and the operator to write instead; the caller reports it at the operator,
 * which is what changes.
 */
export function hintListOperator(
  operator: string,
  title: string | undefined,
  data: unknown,
): { value: string; message: string } | undefined {
  const meant = title === undefined ? undefined : LIST_OPERATORS[title];
  if (!meant || data === null || typeof data !== 'object') return undefined;
  const given = Array.isArray(data) ? 'a list' : 'a mapping';
  const message = `'${operator}' compares with one text, not ${given}: to test whether the variable ${meant.test}, write '${meant.name}' instead (\`${meant.name}: [A, B]\` or \`${meant.name}: { list: NAME }\`)`;
  return { value: meant.name, message };
}
