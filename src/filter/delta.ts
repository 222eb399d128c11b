import { createEntryMatcher } from './filter-entry';

/**
 * Keys the engine updates by itself, excluded from every delta (spec, filtering
 * rule 3). Entries use the filter-entry syntax: exact, or a trailing-`*` prefix.
 */
export const DEFAULT_AUTOMATIC_KEYS: readonly string[] = ['state.*'];

export type KeyTest = (key: string) => boolean;

export function createAutomaticKeyTest(patterns: readonly string[] = DEFAULT_AUTOMATIC_KEYS): KeyTest {
  return createEntryMatcher(patterns);
}

/**
 * The delta of session variables between the previous event of a session and
 * this one: keys of `current` absent from `previous` or whose value differs,
 * minus automatic keys; removed keys are not in it. With no previous event,
 * every (non-automatic) key. Sorted, so that it reads and compares the same everywhere.
 */
export function computeDelta(
  previous: Readonly<Record<string, string>> | undefined,
  current: Readonly<Record<string, string>>,
  isAutomatic: KeyTest,
): string[] {
  const delta: string[] = [];
  for (const key in current) {
    // Values are strings and no prototype holds one, so an equal value is an own key of `previous` with
    // that value; a missing key reads undefined or a prototype's member, never equal. Most keys are
    // unchanged: the automatic-key test runs only on the others.
    if (previous !== undefined && previous[key] === current[key]) continue;
    if (!isAutomatic(key)) delta.push(key);
  }
  return delta.sort();
}
