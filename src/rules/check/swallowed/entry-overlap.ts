import { matchesFilterEntry } from '../../../filter/filter-entry';
import { compileGlob, isGlob } from '../../../glob/compile-glob';
import { canMatchTextStartingWith } from '../../../glob/match-start';

/**
 * Whether some name matches both the glob (or plain name) `pattern`, as `on:` and `changed` read it, and the
 * filter entry `entry`, as the engine reads it (exact, or a prefix before a final `*`).
 */
export function overlapsEntry(pattern: string, entry: string): boolean {
  if (!isGlob(pattern)) return matchesFilterEntry(entry, pattern);
  if (entry.endsWith('*')) return canMatchTextStartingWith(pattern, entry.slice(0, -1));
  const compiled = compileGlob(pattern);
  return compiled.ok && compiled.test(entry);
}

/**
 * What an `events_to_ignore` entry stops of the events an `on:` glob takes, when no catalog names them: all
 * of them (`VERIFY_*` and `VERIFY*`: the glob itself), some (`VERIFY_*` and `VERIFY_RETRY*`, or an exact
 * entry it matches: the entry), or none worth a warning: a glob whose text starts with a wildcard
 * (`*_COMPLETED`) could take a name starting with any prefix (`HEARTBEAT_COMPLETED`), which no event may have.
 */
export function overlapOfGlob(pattern: string, entry: string): string | undefined {
  if (!overlapsEntry(pattern, entry)) return undefined;
  if (!entry.endsWith('*')) return entry;
  const compiled = compileGlob(pattern);
  const start = compiled.ok ? compiled.prefix : '';
  const entryStart = entry.slice(0, -1);
  if (start.startsWith(entryStart)) return pattern;
  return start !== '' && entryStart.startsWith(start) ? entry : undefined;
}

/**
 * The events a rule's `on:` names, as far as they can be known: each plain name, and for a glob the catalog's
 * events it matches (the glob itself when there is no catalog of events, or it matches none of them).
 */
export function listListenedEvents(
  on: readonly string[],
  catalogEvents: readonly string[] | undefined,
): string[] {
  const names = new Set<string>();
  for (const pattern of on) {
    if (!isGlob(pattern)) {
      names.add(pattern);
      continue;
    }
    const compiled = compileGlob(pattern);
    const known = compiled.ok ? (catalogEvents ?? []).filter((name) => compiled.test(name)) : [];
    if (known.length === 0) names.add(pattern);
    for (const name of known) names.add(name);
  }
  return [...names];
}

/** Whether a rule's `on:` (undefined: every event) takes the event, or the `on:` glob, `name`. */
export function takesEvent(on: readonly string[] | undefined, name: string): boolean {
  if (on === undefined) return true;
  return on.some((pattern) => {
    if (pattern === name) return true;
    if (isGlob(name)) return false;
    const compiled = compileGlob(pattern);
    return compiled.ok && compiled.test(name);
  });
}
