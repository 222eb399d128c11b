/**
 * The operators of a condition leaf `{ var: KEY, OPERATOR: OPERAND }`: the ONE list
 * the schema, the checks, the docs and the compiler (one file per name) are keyed by.
 */

/** What an operator's operand must be. */
export type OperandKind = 'string' | 'list' | 'number' | 'boolean' | 'regex' | 'glob';

export interface OperatorInfo {
  readonly name: string;
  readonly operand: OperandKind;
  /** One sentence for authors (markdown), used in the schema's hover docs. */
  readonly summary: string;
  /** A YAML leaf using it, shown in hover docs. */
  readonly example: string;
}

export const OPERATORS = [
  {
    name: 'equals',
    operand: 'string',
    summary: 'The variable is exactly this text.',
    example: '{ var: verify.decision, equals: MATCH }',
  },
  {
    name: 'not_equals',
    operand: 'string',
    summary: 'The variable is not this text (also true when the variable is missing).',
    example: '{ var: verify.decision, not_equals: MATCH }',
  },
  {
    name: 'in',
    operand: 'list',
    summary: 'The variable is one of these texts: a list, or `{ list: NAME }` naming one of `lists`.',
    example: '{ var: verify.decision, in: [MISMATCH, UNCERTAIN] }',
  },
  {
    name: 'not_in',
    operand: 'list',
    summary: 'The variable is none of these texts (also true when the variable is missing).',
    example: '{ var: risk.reason, not_in: { list: risky } }',
  },
  {
    name: 'matches',
    operand: 'glob',
    summary:
      'The variable matches this glob as a whole (`*` any run of characters but `/`, `?` one character, `[0-9]` one of a class, `{a,b}` either).',
    example: '{ var: caller.ani, matches: "+44*" }',
  },
  {
    name: 'regex',
    operand: 'regex',
    summary:
      'The variable contains a match of this regular expression (RE2 syntax, matched in linear time; use `^...$` to match all of it).',
    example: '{ var: person.id, regex: "^[0-9]{8}$" }',
  },
  {
    name: 'exists',
    operand: 'boolean',
    summary: '`true`: the variable is present in the event; `false`: it is missing.',
    example: '{ var: person.id, exists: true }',
  },
  {
    name: 'gt',
    operand: 'number',
    summary: 'The variable, read as a number, is greater than this number.',
    example: '{ var: verify.score, gt: 0.8 }',
  },
  {
    name: 'gte',
    operand: 'number',
    summary: 'The variable, read as a number, is greater than or equal to this number.',
    example: '{ var: verify.score, gte: 0.8 }',
  },
  {
    name: 'lt',
    operand: 'number',
    summary: 'The variable, read as a number, is less than this number.',
    example: '{ var: verify.score, lt: 0.3 }',
  },
  {
    name: 'lte',
    operand: 'number',
    summary: 'The variable, read as a number, is less than or equal to this number.',
    example: '{ var: verify.score, lte: 0.3 }',
  },
  {
    name: 'contains',
    operand: 'string',
    summary: 'The variable contains this text.',
    example: '{ var: call.notes, contains: fraud }',
  },
  {
    name: 'starts_with',
    operand: 'string',
    summary: 'The variable starts with this text.',
    example: '{ var: caller.ani, starts_with: "+44" }',
  },
  {
    name: 'ends_with',
    operand: 'string',
    summary: 'The variable ends with this text.',
    example: '{ var: person.email, ends_with: "@example.com" }',
  },
] as const satisfies readonly OperatorInfo[];

export type OperatorName = (typeof OPERATORS)[number]['name'];

export const OPERATOR_NAMES: readonly OperatorName[] = OPERATORS.map((op) => op.name);

const OPERAND_KINDS: ReadonlyMap<string, OperandKind> = new Map(OPERATORS.map((op) => [op.name, op.operand]));

export function isOperatorName(name: string): name is OperatorName {
  return OPERAND_KINDS.has(name);
}

export function getOperandKind(name: string): OperandKind | undefined {
  return OPERAND_KINDS.get(name);
}

/**
 * The texts `Number()` reads as a number, as a JSON Schema `pattern` (ECMAScript): every text
 * parseFiniteNumber accepts matches it; of those matching, only ones too large to be finite (`1e999`) are
 * refused there. The shipped schema gives it to editors, which then underline `gt: twenty` where
 * NON_NUMERIC_OPERAND will be reported.
 */
export const NUMBER_TEXT_PATTERN =
  '^\\s*(?:[+-]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][+-]?\\d+)?|0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+)\\s*$';

/**
 * How gt/gte/lt/lte read text as a number, both for operands (at load time) and
 * for variable values (per event): trimmed, non-empty, `Number()`-parsable, finite.
 */
export function parseFiniteNumber(text: string): number | undefined {
  // `Number()` skips the same white space as `trim()`, so trimming first changes nothing but costs a copy
  // per event; only a blank text, which `Number()` reads as 0, needs telling apart.
  const value = Number(text);
  if (value !== value || value === Infinity || value === -Infinity) return undefined;
  return value === 0 && text.trim() === '' ? undefined : value;
}
