import { compileGlob, isGlob } from '../../glob';
import type { CatalogSpec } from './catalog-spec';

/** Always known, whatever the catalog says: the spec names it. */
const BUILT_IN_VARIABLES = ['state.currentEvent'];

/**
 * Whether the catalog's `variables` (names or globs) cover `name`.
 * Undefined when the catalog has no `variables` section: nothing to check against.
 */
export function isKnownVariable(catalog: CatalogSpec, name: string): boolean | undefined {
  if (!catalog.variables) return undefined;
  if (BUILT_IN_VARIABLES.includes(name)) return true;
  return catalog.variables.some((pattern) => pattern === name || matchesGlob(pattern, name));
}

/** Whether `name` is a declared node; undefined without a `nodes` section. */
export function isKnownNode(catalog: CatalogSpec, name: string): boolean | undefined {
  return catalog.nodes ? catalog.nodes.includes(name) : undefined;
}

/** Variable names of the catalog that are plain names (not globs), for suggestions. */
export function listVariableNames(catalog: CatalogSpec): string[] {
  return [...BUILT_IN_VARIABLES, ...(catalog.variables ?? []).filter((v) => !isGlob(v))];
}

/** Compiled once per pattern (compileGlob caches); a catalog with a glob that does not compile is not loaded. */
function matchesGlob(pattern: string, name: string): boolean {
  const compiled = compileGlob(pattern);
  return compiled.ok && compiled.test(name);
}
