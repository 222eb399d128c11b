/**
 * How one filter entry matches a name (an event name, or a session-variable key),
 * exactly as the spec's filter rules say: an entry ending in `*` matches every
 * name that starts with what precedes the `*`; any other entry matches itself
 * only. A `*` anywhere else is an ordinary character. (`*` alone, which disables
 * the webhook, is handled by the caller before any matching.)
 */
export function matchesFilterEntry(entry: string, name: string): boolean {
  return entry.endsWith('*') ? name.startsWith(entry.slice(0, -1)) : entry === name;
}

/** The first entry of `entries` matching `name`, or undefined. */
export function findMatchingEntry(entries: readonly string[], name: string): string | undefined {
  for (const entry of entries) if (matchesFilterEntry(entry, name)) return entry;
  return undefined;
}

/** The entry that disables the webhook for the rest of the session, in either list. */
export const DISABLE_ENTRY = '*';

/** A reusable test for a list of entries, prepared once (exact names in a set, prefixes in a list). */
export function createEntryMatcher(entries: readonly string[]): (name: string) => boolean {
  const exact = new Set(entries.filter((e) => !e.endsWith('*')));
  const prefixes = entries.filter((e) => e.endsWith('*')).map((e) => e.slice(0, -1));
  if (prefixes.length === 0) return (name) => exact.has(name);
  return (name) => exact.has(name) || prefixes.some((p) => name.startsWith(p));
}
