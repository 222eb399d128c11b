import { internKey } from './intern';

/**
 * One copy of each equal operand and template text across the programs of a
 * rule book. Rule sets repeat themselves (the same thresholds, lists and
 * message texts on many event names), and each compiled rule otherwise holds
 * its own: with thousands of rules an event then reads scattered copies (a
 * boxed number per numeric operand, a list and its backing store per `in`, a
 * header per text piece a template appends), which costs cache misses. A
 * program references the shared copy; the values are immutable, so sharing
 * changes no result. Only numbers, strings and lists of strings are shared:
 * other operands (regexes, globs, sets) are functions or objects with state.
 */
export class SharedValues {
  private readonly numbers = new Map<number, number>();
  private readonly lists = new Map<string, readonly string[]>();

  share<T>(value: T): T {
    if (typeof value === 'string') return internKey(value) as T;
    if (typeof value === 'number') return this.shareNumber(value) as T;
    if (Array.isArray(value) && value.every((item) => typeof item === 'string'))
      return this.shareList(value as readonly string[]) as T;
    return value;
  }

  private shareNumber(value: number): number {
    // -0 and 0 are one Map key but not the same operand for every operator: keep -0 apart.
    if (Object.is(value, -0)) return value;
    const known = this.numbers.get(value);
    if (known !== undefined) return known;
    this.numbers.set(value, value);
    return value;
  }

  private shareList(list: readonly string[]): readonly string[] {
    const key = JSON.stringify(list);
    const known = this.lists.get(key);
    if (known !== undefined) return known;
    const shared = list.map((item) => internKey(item));
    this.lists.set(key, shared);
    return shared;
  }
}
