import { isReservedVariable } from '../../contract/reserved-variables';
import { createAutomaticKeyTest } from '../../filter/delta';
import { listVariableGlobStarts, listVariableNames } from '../../rules/catalog/match-catalog';
import type { CatalogSpec } from '../../rules/catalog/catalog-spec';
import type { DeriveRule } from './pack-rules';

/**
 * Catalog, recordings and what `on:` names: the names an `events_to_ignore` entry can be tested on. A name
 * with a `*` cannot be an exact entry and is left out; any other glob of an `on:` takes itself, so it counts
 * as needed and only keeps a prefix that matches its text from being derived.
 */
export function listKnownEvents(
  catalog: CatalogSpec | undefined,
  observed: readonly string[],
  rules: readonly DeriveRule[],
): string[] {
  const named = rules.flatMap((rule) => rule.on ?? []);
  const all = [...(catalog?.events ?? []), ...observed, ...named];
  return [...new Set(all)].filter((name) => name !== '' && !name.includes('*')).sort();
}

/**
 * Catalog and recordings, less the engine's automatic keys and rulehook's own state (`rulehook.*`). A
 * catalog glob counts by its literal start (`custom.*` for `custom.*`, `audio.n*` for `audio.n*Seconds`).
 */
export function listKnownVariables(
  catalog: CatalogSpec | undefined,
  observed: readonly string[],
  automaticKeys: readonly string[] | undefined,
): string[] {
  const isAutomatic = createAutomaticKeyTest(automaticKeys);
  const declared =
    catalog === undefined
      ? []
      : [...listVariableNames(catalog), ...listVariableGlobStarts(catalog).map((start) => `${start}*`)];
  return [...declared, ...observed].filter((name) => !isAutomatic(name) && !isReservedVariable(name));
}
