import { compileGlob } from '../../../glob/compile-glob';
import { isOperatorName, type OperatorName } from '../../operators';
import type { PlainRecord } from '../check-context';
import { describeValue } from './describe-values';
import { plain, readBound, readList, readRegex, type Reading } from './read-operand';
import type { Requirement, Source } from './requirement';

const MISSING: ReadonlySet<string | undefined> = new Set([undefined]);

/**
 * What a leaf `{ var, OPERATOR: OPERAND }` requires, or under `not` (`negated`) what its negation requires;
 * undefined when the leaf is malformed (other checks report it) or its list is empty (EMPTY_LIST_OPERAND).
 */
export function readLeaf(
  leaf: PlainRecord,
  negated: boolean,
  lists: PlainRecord | undefined,
  source: Source,
): Requirement | undefined {
  const variable = leaf.var;
  const operators = Object.keys(leaf).filter((key) => key !== 'var');
  const operator = operators[0];
  if (typeof variable !== 'string' || operators.length !== 1 || operator === undefined) return undefined;
  if (!isOperatorName(operator)) return undefined;
  const reading = readOperator(operator, leaf[operator], lists);
  if (!reading) return undefined;
  if (!negated) {
    const { holds, only, bound, wording } = reading;
    return { variable, holds, wording, source, ...(only && { only }), ...(bound && { bound }) };
  }
  const { holds, notOnly, notWording } = reading;
  return {
    variable,
    holds: (v) => !holds(v),
    wording: notWording,
    source,
    ...(notOnly && { only: notOnly }),
  };
}

function readOperator(
  operator: OperatorName,
  operand: unknown,
  lists: PlainRecord | undefined,
): Reading | undefined {
  if (operator === 'in' || operator === 'not_in') return readList(operator, operand, lists);
  if (operator === 'exists') {
    if (typeof operand !== 'boolean') return undefined;
    return operand
      ? { holds: (v) => v !== undefined, wording: 'be present', notOnly: MISSING, notWording: 'be missing' }
      : { holds: (v) => v === undefined, only: MISSING, wording: 'be missing', notWording: 'be present' };
  }
  if (operator === 'gt' || operator === 'gte' || operator === 'lt' || operator === 'lte')
    return readBound(operator, operand);
  if (typeof operand !== 'string') return undefined;
  const text = describeValue(operand);
  const just = new Set([operand]);
  switch (operator) {
    case 'equals':
      return {
        holds: (v) => v === operand,
        only: just,
        wording: `equal ${text}`,
        notWording: `differ from ${text}`,
      };
    case 'not_equals':
      return {
        holds: (v) => v !== operand,
        wording: `differ from ${text}`,
        notOnly: just,
        notWording: `equal ${text}`,
      };
    case 'contains':
      return plain((v) => v?.includes(operand) === true, `contain ${text}`);
    case 'starts_with':
      return plain((v) => v?.startsWith(operand) === true, `start with ${text}`);
    case 'ends_with':
      return plain((v) => v?.endsWith(operand) === true, `end with ${text}`);
    case 'matches': {
      const glob = compileGlob(operand);
      return glob.ok ? plain((v) => v !== undefined && glob.test(v), `match the glob ${text}`) : undefined;
    }
    case 'regex':
      return readRegex(operand, text);
  }
}
