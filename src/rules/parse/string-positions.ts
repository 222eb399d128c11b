import type { SpecPath } from '../spec';
import { getOperandKind } from '../operators';

/**
 * Where a rule file expects text. A YAML number or boolean written there is taken
 * as its source text (`0.10` stays "0.10", `true` stays "true", `0x1F` stays "0x1F"),
 * because session variables are strings and authors should not have to quote.
 * Everywhere else (priority, gt/gte/lt/lte, exists, stop, enabled, once) scalars
 * keep their YAML type, and the schema checks it.
 */
export function isRuleStringPosition(path: SpecPath): boolean {
  const [head, second, ...rest] = path;
  switch (head) {
    case 'ruleset':
    case 'description':
      return path.length === 1;
    case 'lists':
      return path.length === 3;
    case 'when':
      return isConditionStringPosition(path.slice(1));
    case 'conditions':
      return second !== undefined && isConditionStringPosition(rest);
    case 'rules':
      return typeof second === 'number' && isRuleItemStringPosition(rest);
    default:
      return false;
  }
}

function isRuleItemStringPosition(path: SpecPath): boolean {
  const [head, ...rest] = path;
  switch (head) {
    case 'id':
    case 'description':
      return rest.length === 0;
    case 'on':
      return rest.length <= 1;
    case 'if':
      return isConditionStringPosition(rest);
    case 'then':
      return isThenStringPosition(rest);
    default:
      return false;
  }
}

function isThenStringPosition(path: SpecPath): boolean {
  const [head, second, third, fourth] = path;
  switch (head) {
    case 'set':
    case 'enable':
    case 'disable':
      return path.length === 2;
    case 'schedule':
      return (third === 'action' && path.length === 3) || (third === 'parameters' && fourth !== undefined);
    case 'filter':
      return path.length === 3 && second !== undefined;
    default:
      return false;
  }
}

/** `path` is relative to a condition object. */
function isConditionStringPosition(path: SpecPath): boolean {
  const [head, ...rest] = path;
  if (head === 'all' || head === 'any') return rest.length > 0 && isConditionStringPosition(rest.slice(1));
  if (head === 'not') return isConditionStringPosition(rest);
  if (head === 'var' || head === 'ref' || head === 'changed') return rest.length === 0;
  if (typeof head !== 'string') return false;
  switch (getOperandKind(head)) {
    case 'string':
    case 'regex':
    case 'glob':
      return rest.length === 0;
    case 'list':
      // `in: [a, b]` items, or `in: { list: NAME }`
      return rest.length === 1;
    default:
      return false;
  }
}

/** Catalog files: everything is text except `required` flags. */
export function isCatalogStringPosition(path: SpecPath): boolean {
  return path[path.length - 1] !== 'required';
}
