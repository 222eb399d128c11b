import { isReservedVariable } from '../contract/reserved-variables';
import type { SessionVariables, SetSessionVariableAction } from '../contract/types';
import type { KeyTest } from '../filter/delta';
import type { ChangedGlobs } from '../rules/compile/changed-globs';
import type { Fingerprint } from '../session/fingerprint';

/**
 * The fingerprint of one glob's variables, of their sorted names and values; undefined when none matches.
 * The text is `name\0value\0` for each, read back unambiguously by splitting at NUL, as long as no name
 * or value holds one; when one does, it is a NUL and the pairs in JSON, which escapes every NUL, so that
 * text has exactly one NUL where the other kind has at least two: different variables never give one text.
 */
export function fingerprintKeys(
  glob: string,
  keys: string[],
  variables: SessionVariables,
  fingerprint: Fingerprint,
): string | undefined {
  if (keys.length === 0) return undefined;
  keys.sort();
  let text = '';
  let plain = true;
  for (const key of keys) {
    const value = variables[key] as string;
    if (key.includes(NUL) || value.includes(NUL)) plain = false;
    text += `${key}${NUL}${value}${NUL}`;
  }
  return fingerprint(
    glob,
    plain ? text : `${NUL}${JSON.stringify(keys.map((key) => [key, variables[key]]))}`,
  );
}

const NUL = '\u0000';

/**
 * The fingerprints `seen` of an event, as they are once the engine has applied the webhook's own `updates`
 * to the session (engine model `own_updates: applied`): the next event is compared with the session as
 * the engine holds it, so a rule's own write is not a change. Only the globs an update's key matches are
 * fingerprinted again; `seen` itself is returned when there is none.
 */
export function foldOwnUpdates(
  globs: ChangedGlobs,
  seen: ReadonlyMap<string, string>,
  variables: SessionVariables,
  updates: readonly SetSessionVariableAction[],
  isAutomatic: KeyTest,
  fingerprint: Fingerprint,
): ReadonlyMap<string, string> {
  let touched: Set<number> | undefined;
  for (const { key } of updates) {
    if (isAutomatic(key) || isReservedVariable(key)) continue;
    for (const index of globs.indicesOf(key)) (touched ??= new Set()).add(index);
  }
  if (touched === undefined) return seen;
  // Updates are applied in order: a later one of the same key wins, as the engine applies them.
  const applied: SessionVariables = { ...variables };
  for (const { key, value } of updates) applied[key] = value;
  const next = new Map(seen);
  // One walk over the variables gathers the keys of every touched glob.
  const keysOf = new Map<number, string[]>([...touched].map((index) => [index, []]));
  for (const key in applied) {
    if (isAutomatic(key) || isReservedVariable(key)) continue;
    for (const index of globs.indicesOf(key)) keysOf.get(index)?.push(key);
  }
  for (const [index, keys] of keysOf) {
    const glob = globs.globs[index] as string;
    const print = fingerprintKeys(glob, keys, applied, fingerprint);
    if (print === undefined) next.delete(glob);
    else next.set(glob, print);
  }
  return next;
}
