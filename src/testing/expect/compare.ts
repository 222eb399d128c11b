import { compileMatcher, toExpectedValue, type Matcher } from './matcher';
import type { SpecPath } from '../../rules/spec';

/** Stands for a key or value that is not there at all (rendered `(absent)`). */
export const ABSENT: unique symbol = Symbol('absent');

/** One difference between what was expected and what happened. */
export interface Mismatch {
  /** Where the difference is in the actual data: `events[2].response.session_variable_updates[0].value`. */
  path: string;
  /** Where the expectation is written in the scenario file. */
  source: SpecPath | undefined;
  expected: unknown;
  actual: unknown;
  /** Says what kind of difference, when the values alone do not: `no update of "x"`. */
  message?: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `a.b`, `a["risk.level"]`, `a[0]`. */
export function joinPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

/** Compares actual data with a matcher; every difference, each at its deepest path. */
export function compare(matcher: Matcher, actual: unknown, path: string): Mismatch[] {
  const differ = (message?: string): Mismatch[] => [
    {
      path,
      source: matcher.source,
      expected: toExpectedValue(matcher),
      actual,
      ...(message ? { message } : {}),
    },
  ];
  switch (matcher.kind) {
    case 'value':
      if (matcher.value === null) return actual === null || actual === ABSENT ? [] : differ();
      return Object.is(matcher.value, actual) ? [] : differ();
    case 'list': {
      if (!Array.isArray(actual)) return differ();
      if (matcher.mode === 'contains')
        return findAssignment(matcher.items, actual) ? [] : differ(describeMissing(matcher.items, actual));
      if (matcher.items.length !== actual.length)
        return differ(
          `expected ${matcher.items.length} item${matcher.items.length === 1 ? '' : 's'}, got ${actual.length}`,
        );
      return matcher.items.flatMap((item, i) => compare(item, actual[i], joinPath(path, i)));
    }
    case 'map': {
      if (!isRecord(actual)) return differ();
      const out = matcher.entries.flatMap(([key, m]) =>
        Object.hasOwn(actual, key)
          ? compare(m, actual[key], joinPath(path, key))
          : compareAbsent(m, joinPath(path, key)),
      );
      if (matcher.exact) {
        const expectedKeys = new Set(matcher.entries.map(([k]) => k));
        for (const key of Object.keys(actual))
          if (!expectedKeys.has(key))
            out.push({
              path: joinPath(path, key),
              source: matcher.source,
              expected: ABSENT,
              actual: actual[key],
              message: `unexpected key '${key}'`,
            });
      }
      return out;
    }
  }
}

function compareAbsent(matcher: Matcher, path: string): Mismatch[] {
  if (matcher.kind === 'value' && matcher.value === null) return [];
  return [{ path, source: matcher.source, expected: toExpectedValue(matcher), actual: ABSENT }];
}

/** Whether each expected item matches a distinct actual item (any order). */
function findAssignment(
  items: readonly Matcher[],
  actual: readonly unknown[],
  used = new Set<number>(),
  i = 0,
): boolean {
  if (i === items.length) return true;
  for (let j = 0; j < actual.length; j++) {
    if (used.has(j) || compare(items[i]!, actual[j], '').length > 0) continue;
    used.add(j);
    if (findAssignment(items, actual, used, i + 1)) return true;
    used.delete(j);
  }
  return false;
}

function describeMissing(items: readonly Matcher[], actual: readonly unknown[]): string {
  const missing = items.filter((item) => !actual.some((a) => compare(item, a, '').length === 0));
  if (missing.length === 0) return 'the items are there, but not as many distinct ones as expected';
  return `missing: ${missing.map((m) => JSON.stringify(toExpectedValue(m))).join(', ')}`;
}

/** Compiles a plain expected value and compares it (for one-off checks). */
export function compareValue(
  expected: unknown,
  actual: unknown,
  path: string,
  source?: SpecPath,
): Mismatch[] {
  return compare(compileMatcher(expected, source), actual, path);
}
