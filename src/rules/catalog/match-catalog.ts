import { CURRENT_EVENT_KEY } from '../../contract/types';
import { canMatchTextStartingWith } from '../../glob/match-start';
import { compileGlob, isGlob } from '../../glob/compile-glob';
import type { CatalogSpec } from './catalog-spec';

/** Always known, whatever the catalog says: the spec names it. */
const BUILT_IN_VARIABLES = [CURRENT_EVENT_KEY];

/**
 * Whether the catalog's `variables` (names or globs) cover `name`.
 * Undefined when the catalog has no `variables` section: nothing to check against.
 */
export function isKnownVariable(catalog: CatalogSpec, name: string): boolean | undefined {
  if (!catalog.variables) return undefined;
  if (BUILT_IN_VARIABLES.includes(name)) return true;
  return catalog.variables.some((pattern) => pattern === name || matchesGlob(pattern, name));
}

/**
 * Whether some variable the catalog covers starts with `prefix`: a name, or a
 * name one of its globs matches (`audio.*` covers names starting with `aud`
 * and with `audio.net`). Undefined without a `variables` section.
 */
export function hasVariableStartingWith(catalog: CatalogSpec, prefix: string): boolean | undefined {
  if (!catalog.variables) return undefined;
  if (BUILT_IN_VARIABLES.some((name) => name.startsWith(prefix))) return true;
  return catalog.variables.some((pattern) => canMatchTextStartingWith(pattern, prefix));
}

/**
 * Whether the glob `pattern` can match some variable the catalog covers. A
 * catalog glob counts when each of the two globs can match a text starting with
 * the other's literal start (`custom.tier*` and `custom.*`): a glob matching no
 * such text is sure to share no name, and one that can is given the benefit of the doubt.
 * Undefined without a `variables` section, or when `pattern` does not compile.
 */
export function canMatchVariable(catalog: CatalogSpec, pattern: string): boolean | undefined {
  const compiled = compileGlob(pattern);
  if (!catalog.variables || !compiled.ok) return undefined;
  if (BUILT_IN_VARIABLES.some(compiled.test)) return true;
  return catalog.variables.some((declared) => {
    const other = compileGlob(declared);
    if (!other.ok) return false;
    if (!other.isGlob) return compiled.test(declared);
    return (
      canMatchTextStartingWith(declared, compiled.prefix) && canMatchTextStartingWith(pattern, other.prefix)
    );
  });
}

/** Whether `name` is a declared node; undefined without a `nodes` section. */
export function isKnownNode(catalog: CatalogSpec, name: string): boolean | undefined {
  return catalog.nodes ? catalog.nodes.includes(name) : undefined;
}

/** Variable names of the catalog that are plain names (not globs), for suggestions. */
export function listVariableNames(catalog: CatalogSpec): string[] {
  return [...BUILT_IN_VARIABLES, ...(catalog.variables ?? []).filter((v) => !isGlob(v))];
}

/** The literal starts of the catalog's variable globs (`verify.` of `verify.*`), for suggestions; empty ones left out. */
export function listVariableGlobStarts(catalog: CatalogSpec): string[] {
  const starts: string[] = [];
  for (const pattern of catalog.variables ?? []) {
    const compiled = compileGlob(pattern);
    if (compiled.ok && compiled.isGlob && compiled.prefix !== '') starts.push(compiled.prefix);
  }
  return starts;
}

/** Compiled once per pattern (compileGlob caches); a catalog with a glob that does not compile is not loaded. */
function matchesGlob(pattern: string, name: string): boolean {
  const compiled = compileGlob(pattern);
  return compiled.ok && compiled.test(name);
}
