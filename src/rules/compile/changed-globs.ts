import { LRUCache } from 'lru-cache';
import { compileValidGlob } from './compile-glob-or-throw';

/**
 * Key names remembered per rule book, least recently used first out: names
 * come from the wire, so no number of them may evict the keys in use for good.
 * lru-cache allocates its arrays for `max` entries up front: 4,096 holds the
 * keys of several events of a thousand variables.
 */
const MAX_MEMO = 4_096;
const NONE: readonly number[] = Object.freeze([]);

/**
 * The globs of every `changed` of a rule book, and which of them each variable
 * name matches: the session keeps one fingerprint per glob, of the variables
 * it matches. Matching is memoized by key name (an event's names repeat from
 * one event to the next). Most of an event's keys match no glob: a key that
 * begins with none of the globs' literal prefixes is told so at the cost of a
 * map lookup by its first character, without touching the memo.
 */
export class ChangedGlobs {
  /** No `changed` anywhere: nothing to fingerprint, and nothing is looked at per key. */
  readonly none: boolean;
  private readonly matchers: readonly ((key: string) => boolean)[];
  private readonly memo = new LRUCache<string, readonly number[]>({ max: MAX_MEMO });
  /** The globs' literal prefixes by their first UTF-16 unit; undefined when a glob has none (`*.score`). */
  private readonly prefixes: ReadonlyMap<number, readonly string[]> | undefined;
  /** `prefixes` of the ASCII units, by unit: most names are told apart by one array read. */
  private readonly asciiPrefixes: readonly (readonly string[] | undefined)[];

  constructor(readonly globs: readonly string[]) {
    this.none = globs.length === 0;
    const compiled = globs.map(compileValidGlob);
    this.matchers = compiled.map((glob) => glob.test);
    this.prefixes = groupPrefixes(compiled.map((glob) => glob.prefix));
    const prefixes = this.prefixes;
    this.asciiPrefixes = Array.from({ length: 128 }, (_, unit) => prefixes?.get(unit));
  }

  /** Indices in `globs` of the globs `key` matches (empty for most keys). */
  indicesOf(key: string): readonly number[] {
    if (this.prefixes !== undefined) {
      const first = key.charCodeAt(0);
      const candidates = first < 128 ? this.asciiPrefixes[first] : this.prefixes.get(first);
      if (!startsWithAny(key, candidates)) return NONE;
    }
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    const indices: number[] = [];
    this.matchers.forEach((isMatch, index) => {
      if (isMatch(key)) indices.push(index);
    });
    const result = indices.length === 0 ? NONE : indices;
    this.memo.set(key, result);
    return result;
  }
}

function groupPrefixes(prefixes: readonly string[]): ReadonlyMap<number, readonly string[]> | undefined {
  if (prefixes.includes('')) return undefined;
  const byFirst = new Map<number, string[]>();
  for (const prefix of new Set(prefixes)) {
    const first = prefix.charCodeAt(0);
    byFirst.set(first, [...(byFirst.get(first) ?? []), prefix]);
  }
  return byFirst;
}

function startsWithAny(key: string, prefixes: readonly string[] | undefined): boolean {
  if (prefixes === undefined) return false;
  for (const prefix of prefixes) if (key.startsWith(prefix)) return true;
  return false;
}
