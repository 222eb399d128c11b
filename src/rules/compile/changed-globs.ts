import { LRUCache } from 'lru-cache';
import { compileValidGlob, type ValidGlob } from './compile-glob-or-throw';

/**
 * Key names remembered per rule book, least recently used first out: names
 * come from the wire, so no number of them may evict the keys in use for good.
 * lru-cache allocates its arrays for `max` entries up front: 4,096 holds the
 * keys of several events of a thousand variables.
 */
const MAX_MEMO = 4_096;
const NONE: readonly number[] = Object.freeze([]);

/** A glob with a literal prefix, filed under the prefix's first UTF-16 unit. */
interface Candidate {
  prefix: string;
  index: number;
  test: (key: string) => boolean;
  /** `[index]`, frozen: the answer for a key that matches this glob alone, with nothing allocated. */
  only: readonly number[];
}

/** Candidates by first unit: ASCII units by array index, the others in a map. */
interface CandidatesByFirst {
  ascii: readonly (readonly Candidate[] | undefined)[];
  other: ReadonlyMap<number, readonly Candidate[]>;
}

/**
 * The globs of every `changed` of a rule book, and which of them each variable
 * name matches: the session keeps one fingerprint per glob, of the variables
 * it matches. When every glob has a literal prefix (`verify.*`), most keys are
 * told apart by one array read (the globs whose prefix begins with the key's
 * first unit) and the others by their prefix and the glob's own matcher, which
 * for such globs costs less than a lookup in a memo would. When a glob has none
 * (`*.score`), matching is memoized by key name (an event's names repeat from
 * one event to the next).
 */
export class ChangedGlobs {
  /** No `changed` anywhere: nothing to fingerprint, and nothing is looked at per key. */
  readonly none: boolean;
  private readonly matchers: readonly ((key: string) => boolean)[];
  /** The globs by the first unit of their prefix; undefined when a glob has no prefix. */
  private readonly byFirst: CandidatesByFirst | undefined;
  private readonly memo = new LRUCache<string, readonly number[]>({ max: MAX_MEMO });

  constructor(readonly globs: readonly string[]) {
    this.none = globs.length === 0;
    const compiled = globs.map(compileValidGlob);
    this.matchers = compiled.map((glob) => glob.test);
    this.byFirst = groupByFirstUnit(compiled);
  }

  /** Indices in `globs` of the globs `key` matches (empty for most keys). */
  indicesOf(key: string): readonly number[] {
    const byFirst = this.byFirst;
    if (byFirst === undefined) return this.memoized(key);
    const first = key.charCodeAt(0);
    const candidates = first < 128 ? byFirst.ascii[first] : byFirst.other.get(first);
    if (candidates === undefined) return NONE;
    let found: readonly number[] = NONE;
    for (const candidate of candidates) {
      if (!key.startsWith(candidate.prefix) || !candidate.test(key)) continue;
      found = found.length === 0 ? candidate.only : [...found, candidate.index];
    }
    return found;
  }

  private memoized(key: string): readonly number[] {
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

function groupByFirstUnit(compiled: readonly ValidGlob[]): CandidatesByFirst | undefined {
  if (compiled.some((glob) => glob.prefix === '')) return undefined;
  const other = new Map<number, Candidate[]>();
  compiled.forEach((glob, index) => {
    const first = glob.prefix.charCodeAt(0);
    const candidate = { prefix: glob.prefix, index, test: glob.test, only: Object.freeze([index]) };
    other.set(first, [...(other.get(first) ?? []), candidate]);
  });
  const ascii = Array.from({ length: 128 }, (_, unit) => other.get(unit));
  return { ascii, other };
}
