import { LRUCache } from 'lru-cache';
import { compileGlobOrThrow } from './compile-glob-or-throw';

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
 * one event to the next).
 */
export class ChangedGlobs {
  /** No `changed` anywhere: nothing to fingerprint, and nothing is looked at per key. */
  readonly none: boolean;
  private readonly matchers: readonly ((key: string) => boolean)[];
  private readonly memo = new LRUCache<string, readonly number[]>({ max: MAX_MEMO });

  constructor(readonly globs: readonly string[]) {
    this.none = globs.length === 0;
    this.matchers = globs.map(compileGlobOrThrow);
  }

  /** Indices in `globs` of the globs `key` matches (empty for most keys). */
  indicesOf(key: string): readonly number[] {
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
