import { parseCatalog, type CatalogParseResult } from '../catalog';
import type { CatalogSpec } from '../catalog';
import { loadRuleFile, type RuleFile } from './load-rule-file';

/**
 * What `loadRuleSnapshot` computed for each file, reused while a file's text
 * (and, for a rule file, the catalog's text) is unchanged. Long-lived loaders
 * (the language server re-checking a pack on every edit) keep one; a one-shot
 * `validate` needs none. The result of a file depends on nothing but these texts,
 * so a hit returns exactly what a fresh load would.
 */
export interface LoadCache {
  catalog?: { file: string; text: string; result: CatalogParseResult };
  ruleFiles: Map<string, { text: string; catalogText: string | undefined; ruleFile: RuleFile }>;
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
  if (hit !== undefined && hit.text === text && hit.catalogText === catalog?.text) return hit.ruleFile;
  const ruleFile = loadRuleFile(file, text, catalog?.spec);
  cache?.ruleFiles.set(file, { text, catalogText: catalog?.text, ruleFile });
  return ruleFile;
}
