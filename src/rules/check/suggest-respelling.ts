import { suggestName } from '../../diagnostics/did-you-mean';
import {
  hasVariableStartingWith,
  isKnownVariable,
  listVariableGlobStarts,
  listVariableNames,
} from '../catalog/match-catalog';
import type { CatalogSpec } from '../catalog/catalog-spec';

/**
 * A respelling of the start of `written` (a name, a prefix, or a glob's
 * literal start) toward `stems`, the names it may have meant or the literal
 * starts of the globs it may have meant, that `isFine` accepts. Tried in turn:
 *
 * - a whole stem close to `written` (`custom.tire` -> `custom.tier`);
 * - the start of a stem about as long as `written`, closest to it
 *   (`HEARTBAET` -> `HEARTBEAT`, `auido.` -> `audio.` of `audio.net`);
 * - a stem shorter than `written` replacing the start it is close to, the
 *   rest kept (`verfy.score` -> `verify.score` when the stem is `verify.`).
 *
 * Costs a few edit distances per stem: callers spend it within the file's
 * suggestion budget.
 */
export function respellStart(
  written: string,
  stems: readonly string[],
  isFine: (candidate: string) => boolean,
): string | undefined {
  const starts = new Set<string>();
  for (const stem of stems) {
    for (let length = written.length - 1; length <= written.length + 1; length++)
      starts.add(stem.slice(0, length));
  }
  const found = findFine(written, stems, isFine) ?? findFine(written, starts, isFine);
  if (found !== undefined) return found;
  for (const stem of stems) {
    if (stem.length >= written.length) continue;
    for (let length = stem.length - 1; length <= stem.length + 1; length++) {
      const start = written.slice(0, length);
      if (start === stem || suggestName(start, [stem]) === undefined) continue;
      const candidate = stem + written.slice(length);
      if (isFine(candidate)) return candidate;
    }
  }
  return undefined;
}

/** The closest of `candidates` that `isFine` accepts, among the first few closest (each refusal costs a search). */
function findFine(
  written: string,
  candidates: Iterable<string>,
  isFine: (candidate: string) => boolean,
): string | undefined {
  const left = new Set(candidates);
  for (let tries = 0; tries < 3; tries++) {
    const closest = suggestName(written, left);
    if (closest === undefined || isFine(closest)) return closest;
    left.delete(closest);
  }
  return undefined;
}

/** The names and glob starts of the catalog's variables, which suggestions respell toward. */
export function listVariableStems(catalog: CatalogSpec): string[] {
  return [...listVariableNames(catalog), ...listVariableGlobStarts(catalog)];
}

/** A variable name the catalog covers, close to `name`: `custom.tire` -> `custom.tier`, `verfy.score` -> `verify.score` (under `verify.*`). */
export function suggestVariable(catalog: CatalogSpec, name: string): string | undefined {
  return respellStart(name, listVariableStems(catalog), (c) => isKnownVariable(catalog, c) === true);
}

/** The entry ending in `*` for a prefix no variable starts with: `auido.` -> `audio.*`. */
export function suggestVariablePrefix(catalog: CatalogSpec, prefix: string): string | undefined {
  const fixed = respellStart(
    prefix,
    listVariableStems(catalog),
    (c) => hasVariableStartingWith(catalog, c) === true,
  );
  return fixed === undefined ? undefined : `${fixed}*`;
}

/**
 * A glob whose literal start is respelled so that `isFine` accepts it
 * (`VERFY_*` -> `VERIFY_*`). The literal start is the text before the first
 * character with a meaning (or an escape); a glob starting with one gets none.
 */
export function suggestGlob(
  glob: string,
  stems: readonly string[],
  isFine: (candidate: string) => boolean,
): string | undefined {
  const cut = glob.search(/[*?[{(!+@\\]/);
  const literal = cut === -1 ? glob : glob.slice(0, cut);
  if (literal === '') return undefined;
  const rest = glob.slice(literal.length);
  const start = respellStart(literal, stems, (c) => isFine(c + rest));
  return start === undefined ? undefined : start + rest;
}
