import type { SpecPath } from '../../rules/spec';

/**
 * An expectation compiled for comparison. Lists are exact unless written
 * `{ contains: [...] }`; maps are subsets unless inside `{ exactly: ... }`,
 * which makes everything under it exact. `source` is where the expected value
 * is written in the scenario file (undefined for expectations built in code).
 */
export type Matcher =
  | { kind: 'value'; value: unknown; source: SpecPath | undefined }
  | { kind: 'list'; mode: 'exact' | 'contains'; items: Matcher[]; source: SpecPath | undefined }
  | { kind: 'map'; exact: boolean; entries: [string, Matcher][]; source: SpecPath | undefined };

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const child = (source: SpecPath | undefined, key: string | number): SpecPath | undefined =>
  source === undefined ? undefined : [...source, key];

/** Whether a mapping is a comparison mode: its only key is `contains` (a list) or `exactly` (a list or mapping). */
export function readMode(value: unknown): { mode: 'contains' | 'exactly'; inner: unknown } | undefined {
  if (!isRecord(value)) return undefined;
  const keys = Object.keys(value);
  if (keys.length !== 1) return undefined;
  if (keys[0] === 'contains' && Array.isArray(value.contains))
    return { mode: 'contains', inner: value.contains };
  if (keys[0] === 'exactly' && typeof value.exactly === 'object' && value.exactly !== null)
    return { mode: 'exactly', inner: value.exactly };
  return undefined;
}

export function compileMatcher(value: unknown, source: SpecPath | undefined, exact = false): Matcher {
  const mode = readMode(value);
  if (mode?.mode === 'exactly') return compileMatcher(mode.inner, child(source, 'exactly'), true);
  if (mode?.mode === 'contains') {
    const at = child(source, 'contains');
    const items = (mode.inner as unknown[]).map((item, i) => compileMatcher(item, child(at, i), exact));
    return { kind: 'list', mode: 'contains', items, source: at };
  }
  if (Array.isArray(value))
    return {
      kind: 'list',
      mode: 'exact',
      items: value.map((item, i) => compileMatcher(item, child(source, i), exact)),
      source,
    };
  if (isRecord(value))
    return {
      kind: 'map',
      exact,
      entries: Object.entries(value).map(([k, v]) => [k, compileMatcher(v, child(source, k), exact)]),
      source,
    };
  return { kind: 'value', value, source };
}

/** The expected value as plain data, for messages: `{ contains: [...] }` kept, `exactly` dropped. */
export function toExpectedValue(matcher: Matcher): unknown {
  switch (matcher.kind) {
    case 'value':
      return matcher.value;
    case 'list': {
      const items = matcher.items.map(toExpectedValue);
      return matcher.mode === 'contains' ? { contains: items } : items;
    }
    case 'map':
      return Object.fromEntries(matcher.entries.map(([k, m]) => [k, toExpectedValue(m)]));
  }
}
