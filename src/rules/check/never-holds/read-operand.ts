import { parseFiniteNumber } from '../../operators';
import { compileRegex, type TextMatcher } from '../../regex';
import { asRecord, type PlainRecord } from '../check-context';
import { describeValues } from './describe-values';
import type { Bound } from './requirement';

/** How a leaf's operator judges one value (undefined: the variable is missing). */
export type Test = (value: string | undefined) => boolean;

/** A leaf read both ways: what it requires, and (`not*`) what its negation requires. */
export interface Reading {
  holds: Test;
  only?: ReadonlySet<string | undefined>;
  bound?: Bound;
  wording: string;
  notOnly?: ReadonlySet<string | undefined>;
  notWording: string;
}

export function plain(holds: Test, wording: string): Reading {
  return { holds, wording, notWording: `not ${wording}` };
}

/** Compiled on first use: most regex leaves are never tried against a value here. */
export function readRegex(pattern: string, text: string): Reading | undefined {
  let matcher: TextMatcher | undefined;
  const holds: Test = (v) => {
    if (v === undefined) return false;
    if (matcher === undefined) {
      const compiled = compileRegex(pattern);
      // An invalid expression is an error of its own (INVALID_REGEX): read as passing, it proves nothing.
      matcher = compiled.ok ? compiled.matcher : { test: () => true };
    }
    return matcher.test(v);
  };
  return plain(holds, `contain a match of ${text}`);
}

interface ReadList {
  values: ReadonlySet<string | undefined>;
  listed: string;
}

/** Named lists read once per file, however many leaves use them (by the list's own array). */
const namedLists = new WeakMap<readonly unknown[], ReadList | undefined>();

export function readList(
  operator: 'in' | 'not_in',
  operand: unknown,
  lists: PlainRecord | undefined,
): Reading | undefined {
  const named = asRecord(operand)?.list;
  const items = typeof named === 'string' ? lists?.[named] : operand;
  if (!Array.isArray(items)) return undefined;
  let list = namedLists.get(items);
  if (list === undefined && !namedLists.has(items)) {
    list = readItems(items, typeof named === 'string' ? named : undefined);
    if (typeof named === 'string') namedLists.set(items, list);
  }
  if (!list) return undefined;
  const { values, listed } = list;
  const isIn: Test = (v) => v !== undefined && values.has(v);
  const oneOf = `be one of ${listed}`;
  const noneOf = `be none of ${listed}`;
  return operator === 'in'
    ? { holds: isIn, only: values, wording: oneOf, notWording: noneOf }
    : { holds: (v) => !isIn(v), wording: noneOf, notOnly: values, notWording: oneOf };
}

function readItems(items: readonly unknown[], name: string | undefined): ReadList | undefined {
  if (items.length === 0 || !items.every((item) => typeof item === 'string')) return undefined;
  return { values: new Set(items as string[]), listed: describeValues(items as string[], name) };
}

const BOUNDS = {
  gt: { side: 'lower', strict: true, words: 'above', test: (n: number, b: number) => n > b },
  gte: { side: 'lower', strict: false, words: 'of at least', test: (n: number, b: number) => n >= b },
  lt: { side: 'upper', strict: true, words: 'below', test: (n: number, b: number) => n < b },
  lte: { side: 'upper', strict: false, words: 'of at most', test: (n: number, b: number) => n <= b },
} as const;

export function readBound(operator: keyof typeof BOUNDS, operand: unknown): Reading | undefined {
  const value =
    typeof operand === 'number'
      ? operand
      : typeof operand === 'string'
        ? parseFiniteNumber(operand)
        : undefined;
  if (value === undefined || !Number.isFinite(value)) return undefined;
  const { side, strict, words, test } = BOUNDS[operator];
  const holds: Test = (v) => {
    const n = v === undefined ? undefined : parseFiniteNumber(v);
    return n !== undefined && test(n, value);
  };
  const wording = `be a number ${words} ${String(value)}`;
  return { holds, bound: { side, value, strict }, wording, notWording: `not ${wording}` };
}
