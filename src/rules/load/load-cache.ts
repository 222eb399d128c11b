import { parseCatalog, type CatalogParseResult } from '../catalog/parse-catalog';
import type { CatalogSpec } from '../catalog/catalog-spec';
import { checkRuleFile, parseRuleFile, type RuleFile } from './load-rule-file';

/**
 * What `loadRuleSnapshot` computed for each file, reused while a file's text
 * (and, for a rule file, the catalog's text) is unchanged. Long-lived loaders
 * (the language server re-checking a pack on every edit) keep one; a one-shot
 * `validate` needs none. The result of a file depends on nothing but these texts,
 * so a hit returns exactly what a fresh load would.
 */
export interface LoadCache {
  catalog?: { file: string; text: string; result: CatalogParseResult };
  /** By file: its parse depends on its text only, its checks on the catalog's text too. */
  ruleFiles: Map<
    string,
    { text: string; parsed: RuleFile; catalogText: string | undefined; ruleFile: RuleFile }
  >;
}

export function createLoadCache(): LoadCache {
  return { ruleFiles: new Map() };
}

export function parseCatalogCached(
  file: string,
  text: string,
  cache: LoadCache | undefined,
): CatalogParseResult {
  const hit = cache?.catalog;
  if (hit !== undefined && hit.file === file && hit.text === text) return hit.result;
  const result = parseCatalog(file, text);
  if (cache) cache.catalog = { file, text, result };
  return result;
}

export function loadRuleFileCached(
  file: string,
  text: string,
  catalog: { text: string; spec: CatalogSpec | undefined } | undefined,
  cache: LoadCache | undefined,
): RuleFile {
  const hit = cache?.ruleFiles.get(file);
  const sameText = hit !== undefined && hit.text === text;
  if (sameText && hit.catalogText === catalog?.text) return hit.ruleFile;
  // A catalog edit re-runs the checks of every rule file, not their parse (most of a load's time).
  const parsed = sameText ? hit.parsed : parseRuleFile(file, text);
  const ruleFile = checkRuleFile(parsed, catalog?.spec);
  cache?.ruleFiles.set(file, { text, parsed, catalogText: catalog?.text, ruleFile });
  return ruleFile;
}
