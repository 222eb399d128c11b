import { matchesFilterEntry } from '../../filter/filter-entry';

/** A `keys_to_ignore` entry considered, with the known names it matches (sorted). */
export interface KeyGroup {
  entry: string;
  names: string[];
}

/**
 * The entries considered for known variable names: one per prefix, the part before the last `.`
 * (`audio.netSeconds` and `audio.grossSeconds` give `audio.*`; `config.verify.threshold` gives
 * `config.verify.*`), and a name without a dot on its own. A name may end with `*` (a catalog glob's
 * start); one with a `*` elsewhere cannot be written as an entry and is left out. Sorted by entry.
 */
export function groupVariableNames(known: readonly string[]): KeyGroup[] {
  const names = [...new Set(known)].filter(isEntryShaped).sort();
  const entries = new Set(names.map(entryOf));
  return [...entries]
    .sort()
    .map((entry) => ({ entry, names: names.filter((name) => matchesFilterEntry(entry, name)) }));
}

function isEntryShaped(name: string): boolean {
  return name !== '' && name !== '*' && !name.slice(0, -1).includes('*');
}

function entryOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot + 1)}*` : name;
}

/**
 * Leaves out each entry that another one of the list matches every name of (`config.verify.*` under
 * `config.*`): a derived entry inside another says nothing more, and a rejected one is explained by the
 * rejection of the entry around it.
 */
export function dropContained<T extends { entry: string }>(items: readonly T[]): T[] {
  const prefixes = items.filter((item) => item.entry.endsWith('*')).map((item) => item.entry);
  return items.filter(
    ({ entry }) =>
      !prefixes.some((prefix) => prefix !== entry && matchesFilterEntry(prefix, entry.replace(/\*$/, ''))),
  );
}
