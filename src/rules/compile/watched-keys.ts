import { compileGlobOrThrow } from './compile-glob-or-throw';

/** Key names remembered per rule book; names come from the wire, so the memo is bounded. */
const MAX_MEMO = 10_000;

/**
 * The variables some `changed` glob of a rule book can match: the only ones
 * whose values the session must fingerprint. Matching is memoized by key name
 * (an event's names repeat from one event to the next), up to a bound.
 */
export class WatchedKeys {
  /** No `changed` anywhere: nothing to fingerprint, and `has` is never called per key. */
  readonly none: boolean;
  private readonly matchers: readonly ((key: string) => boolean)[];
  private readonly memo = new Map<string, boolean>();

  constructor(readonly globs: readonly string[]) {
    this.none = globs.length === 0;
    this.matchers = globs.map(compileGlobOrThrow);
  }

  has(key: string): boolean {
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    const watched = this.matchers.some((isMatch) => isMatch(key));
    if (this.memo.size < MAX_MEMO) this.memo.set(key, watched);
    return watched;
  }
}
