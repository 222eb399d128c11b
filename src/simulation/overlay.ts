import type { SessionVariables } from '../contract/types';

/**
 * `raised` handed to the simulator: it may write the session's overlay into the object instead of into a
 * copy (a 200-variable event copied per event was a good part of a replay's cost), and `names` lists its
 * own keys, in any order (the delta reads them instead of listing them again).
 */
export interface HandedVariables {
  names: readonly string[];
}

/** `overlay` into `raised` itself; returns its keys (`names`, then the keys the overlay added). */
export function writeOverlay(
  raised: SessionVariables,
  updates: ReadonlyMap<string, string>,
  names: readonly string[],
): readonly string[] {
  if (updates.size === 0) return names;
  let added: string[] | undefined;
  for (const [key, value] of updates) {
    const had = Object.hasOwn(raised, key);
    raised[key] = value;
    if (!had && Object.hasOwn(raised, key)) (added ??= []).push(key);
  }
  return added === undefined ? names : [...names, ...added];
}

/** A copy of `raised` with the session's overlay of the webhook's earlier updates (they win). */
export function overlay(raised: SessionVariables, updates: ReadonlyMap<string, string>): SessionVariables {
  if (updates.size === 0) return raised;
  const out: SessionVariables = { ...raised };
  for (const [key, value] of updates) out[key] = value;
  return out;
}
