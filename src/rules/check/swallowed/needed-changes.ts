import type { ConditionSpec } from '../../spec';

/** Whether some variable the filter ignores can match a `changed` glob. */
export type IgnoresSomeMatch = (glob: string) => boolean;

/**
 * Whether `condition` can hold on an event whose every changed variable is one the filter ignores: an event
 * `keys_to_ignore` can drop. Sound (it says "can" whenever it cannot prove otherwise): only `{ changed: GLOB }`
 * needs a change, and it cannot hold when no ignored variable matches GLOB; `all` cannot when one part
 * cannot, `any` when no part can; `not` and leaves on values can hold whatever changed. A `ref` is followed
 * (one the ruleset lacks, or a loop, counts as "can": other checks report those).
 */
export function canHoldOnIgnoredChanges(
  condition: ConditionSpec | undefined,
  ignores: IgnoresSomeMatch,
  conditions: Readonly<Record<string, ConditionSpec>> | undefined,
  following: ReadonlySet<string> = new Set(),
): boolean {
  if (condition === undefined || typeof condition !== 'object' || condition === null) return true;
  const recurse = (part: ConditionSpec, seen = following) =>
    canHoldOnIgnoredChanges(part, ignores, conditions, seen);
  if ('changed' in condition && typeof condition.changed === 'string') return ignores(condition.changed);
  if ('all' in condition && Array.isArray(condition.all)) return condition.all.every((part) => recurse(part));
  if ('any' in condition && Array.isArray(condition.any)) return condition.any.some((part) => recurse(part));
  if ('ref' in condition && typeof condition.ref === 'string') {
    const named =
      conditions !== undefined && Object.hasOwn(conditions, condition.ref)
        ? conditions[condition.ref]
        : undefined;
    if (named === undefined || following.has(condition.ref)) return true;
    return recurse(named, new Set([...following, condition.ref]));
  }
  return true;
}

/** Whether `condition` holds only on events that change some variable (it needs a `changed` to hold). */
export function needsSomeChange(
  condition: ConditionSpec | undefined,
  conditions: Readonly<Record<string, ConditionSpec>> | undefined,
): boolean {
  return !canHoldOnIgnoredChanges(condition, () => false, conditions);
}

/** The `changed` globs written in a condition, refs followed once each. */
export function listChangedGlobs(
  condition: ConditionSpec | undefined,
  conditions: Readonly<Record<string, ConditionSpec>> | undefined,
  seen: Set<string> = new Set(),
): string[] {
  if (condition === undefined || typeof condition !== 'object' || condition === null) return [];
  if ('changed' in condition && typeof condition.changed === 'string') return [condition.changed];
  const parts = 'all' in condition ? condition.all : 'any' in condition ? condition.any : undefined;
  if (Array.isArray(parts)) return parts.flatMap((part) => listChangedGlobs(part, conditions, seen));
  if ('ref' in condition && typeof condition.ref === 'string' && !seen.has(condition.ref)) {
    seen.add(condition.ref);
    const named =
      conditions !== undefined && Object.hasOwn(conditions, condition.ref)
        ? conditions[condition.ref]
        : undefined;
    return listChangedGlobs(named, conditions, seen);
  }
  return [];
}
