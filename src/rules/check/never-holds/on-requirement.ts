import { CURRENT_EVENT_KEY } from '../../../contract/types';
import { compileGlob, isGlob } from '../../../glob/compile-glob';
import { describeValue, describeValues } from './describe-values';
import type { Requirement, Source } from './requirement';

/**
 * A rule's `on` as a requirement on `state.currentEvent`, which is what `on`
 * matches (the empty text when the variable is missing); undefined without
 * `on`, or when an entry is not a valid glob (reported elsewhere).
 */
export function readOn(on: unknown, source: Source): Requirement | undefined {
  const patterns = typeof on === 'string' ? [on] : on;
  if (!Array.isArray(patterns) || patterns.length === 0) return undefined;
  if (!patterns.every((p): p is string => typeof p === 'string')) return undefined;
  const tests: ((text: string) => boolean)[] = [];
  for (const pattern of patterns) {
    const compiled = compileGlob(pattern);
    if (!compiled.ok) return undefined;
    tests.push(compiled.test);
  }
  const holds = (value: string | undefined) => tests.some((test) => test(value ?? ''));
  const names = patterns.some(isGlob) ? undefined : patterns;
  const only =
    names && new Set<string | undefined>(names.flatMap((name) => (name === '' ? ['', undefined] : [name])));
  return { variable: CURRENT_EVENT_KEY, holds, ...(only && { only }), wording: describeOn(patterns), source };
}

function describeOn(patterns: readonly string[]): string {
  if (patterns.length === 1) {
    const [pattern = ''] = patterns;
    return isGlob(pattern) ? `match the glob ${describeValue(pattern)}` : `equal ${describeValue(pattern)}`;
  }
  return `match one of ${describeValues(patterns)}`;
}
