import { getOperandKind, type OperandKind } from '../operators';
import type { SpecPath } from '../spec';

const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a mapping (key: value lines)',
  null: 'nothing',
};

const OPERAND_NAMES: Record<OperandKind, string> = {
  string: 'text',
  regex: 'text (a regular expression)',
  glob: 'text (a glob pattern)',
  list: 'a list of texts, or { list: NAME }',
  number: 'a number',
  boolean: 'true or false',
};

/** What a value must be, in words: from the operator for an operand (its schema's title says so), else the types. */
export function describeExpected(schema: { title?: unknown; type?: unknown }): string {
  const operator =
    typeof schema.title === 'string' ? /^(\w+) \(operator\)$/.exec(schema.title)?.[1] : undefined;
  const kind = operator === undefined ? undefined : getOperandKind(operator);
  if (kind) return OPERAND_NAMES[kind];
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.map((t) => TYPE_NAMES[String(t)] ?? String(t)).join(' or ');
}

/** What a value is, in words: `text ("high")`, `a list`, `nothing`... */
export function describeActual(value: unknown): string {
  if (value === null || value === undefined) return 'nothing';
  if (typeof value === 'string') return `text ("${value.length > 30 ? `${value.slice(0, 27)}...` : value}")`;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return Number.isNaN(value) ? 'not-a-number (.nan)' : 'infinity';
    return Number.isInteger(value) ? 'a whole number' : 'a number';
  }
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return 'a list';
  return 'a mapping';
}

/** How to name the value at `path` in a message: `'priority'`, `item 2 of 'in'`, `the file`. */
export function describePlace(path: SpecPath): string {
  const last = path[path.length - 1];
  if (last === undefined) return 'the file';
  if (typeof last === 'number') {
    const owner = path[path.length - 2];
    return owner === undefined ? `item ${last + 1}` : `item ${last + 1} of '${owner}'`;
  }
  return `'${last}'`;
}

/** How to name the mapping at `path` in a message: `the file`, `this rule` (list items, by schema title), `'then'`. */
export function describeOwner(path: SpecPath, title: string | undefined): string {
  const last = path[path.length - 1];
  if (last === undefined) return 'the file';
  if (typeof last === 'number') return title ? `this ${title.toLowerCase()}` : describePlace(path);
  return `'${last}'`;
}

/** A schema description as a clause: "What the rule does." -> "what the rule does". */
export function toClause(sentence: string): string {
  return sentence.charAt(0).toLowerCase() + sentence.slice(1).replace(/\.$/, '');
}
