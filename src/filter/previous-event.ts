import type { KeyTest } from './delta';

/**
 * The variables of a session's previous event, as `computeDelta` compares with them, kept as its keys
 * and values updated in place instead of the event object itself. Keeping each session's last event
 * alive until its next one made every event of a busy replay outlive the young generation: 200
 * sessions of 200-variable events are 1.6 MB copied by every scavenge and then promoted. Here an
 * event only leaves behind the values it changed, and the keys (almost always the same ones, in the
 * same order, from one event of a session to the next) are compared position by position.
 */
export class PreviousEvent {
  private names: readonly string[] | undefined;
  private values: string[] = [];

  /**
   * `computeDelta(previous, current, isAutomatic)` against the event held, which `current` then
   * replaces. `names`: the own keys of `current` (in any order) if the caller has them (listing the keys of
   * an object `JSON.parse` built with more than about 128 of them costs as much as the rest of the
   * delta). `unchanged`: keys known to hold the same value in both events whatever was held (the
   * simulated engine's overlay of the webhook's own updates); not used on a session's first event.
   */
  advance(
    current: Readonly<Record<string, string>>,
    isAutomatic: KeyTest,
    names: readonly string[] = Object.keys(current),
    unchanged?: ReadonlyMap<string, unknown>,
  ): string[] {
    const held = this.names ?? [];
    const heldValues = this.values;
    const skip =
      this.names !== undefined && unchanged !== undefined && unchanged.size > 0 ? unchanged : undefined;
    const delta: string[] = [];
    const count = names.length;
    let i = 0;
    // The keys in the same places: values compared and replaced in place.
    for (; i < count; i++) {
      const key = names[i] as string;
      if (held[i] !== key) break;
      const value = current[key] as string;
      if (heldValues[i] === value) continue;
      heldValues[i] = value;
      if ((skip === undefined || !skip.has(key)) && !isAutomatic(key)) delta.push(key);
    }
    if (i === count && count === held.length) return delta.sort();
    // Keys added, removed or moved: the rest looked up among the held ones, and the new order held.
    const heldAt = new Map<string, number>();
    for (let j = i; j < held.length; j++) heldAt.set(held[j] as string, j);
    const values = heldValues.slice(0, i);
    for (; i < count; i++) {
      const key = names[i] as string;
      const value = current[key] as string;
      const at = heldAt.get(key);
      const before = at === undefined ? undefined : heldValues[at];
      if (before !== undefined && before === value) {
        values.push(before);
        continue;
      }
      values.push(value);
      if ((skip === undefined || !skip.has(key)) && !isAutomatic(key)) delta.push(key);
    }
    this.names = names;
    this.values = values;
    return delta.sort();
  }
}
