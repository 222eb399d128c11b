import { compileGlobOrThrow } from './compile-glob-or-throw';

/** Key names remembered per rule book; names come from the wire, so the memo is bounded. */
const MAX_MEMO = 10_000;
const NONE: readonly number[] = Object.freeze([]);

/**
 * The globs of every `changed` of a rule book, and which of them each variable
 * name matches: the session keeps one fingerprint per glob, of the variables
 * it matches. Matching is memoized by key name (an event's names repeat from
 * one event to the next), up to a bound.
 */
export class ChangedGlobs {
  /** No `changed` anywhere: nothing to fingerprint, and nothing is looked at per key. */
  readonly none: boolean;
  private readonly matchers: readonly ((key: string) => boolean)[];
  private readonly memo = new Map<string, readonly number[]>();

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
    if (this.memo.size < MAX_MEMO) this.memo.set(key, result);
    return result;
  }
}
