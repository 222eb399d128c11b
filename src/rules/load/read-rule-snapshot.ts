import { findRuleFiles } from './find-rule-files';
import { readRuleFiles } from './read-rule-files';
import { readSource } from './read-source';
import type { RuleSnapshot } from './rule-snapshot';
import { selectCatalog, toExplicitCatalog } from './select-catalog';

export interface ReadOptions {
  /** Relative paths (arguments and `catalog`) are resolved against it. */
  cwd: string;
  /** A catalog file; without it, the first `catalog.yaml` of a directory argument is used. */
  catalog?: string;
}

/**
 * Reads the files of a rule set: the rule files and directories given and the
 * catalog in use, as texts, without parsing anything, within RULE_LIMITS.files
 * and totalBytes. Never throws for user mistakes: paths that cannot be read,
 * and limits passed, are in `diagnostics`.
 */
export async function readRuleSnapshot(
  paths: readonly string[],
  options: ReadOptions,
): Promise<RuleSnapshot> {
  const explicit = toExplicitCatalog(options.catalog, options.cwd);
  const found = await findRuleFiles(paths, options.cwd, new Set(explicit ? [explicit.absolute] : []));
  const selected = selectCatalog(explicit, found.catalogs);
  const snapshot: RuleSnapshot = { ruleFiles: [], diagnostics: [...found.diagnostics] };
  if (selected.chosen !== undefined) {
    const read = await readSource(selected.chosen);
    const { file, relative } = selected.chosen;
    if (read.ok) snapshot.catalog = { file, relative, text: read.text };
    else snapshot.diagnostics.push(read.diagnostic);
  }
  snapshot.diagnostics.push(...selected.diagnostics);
  await readRuleFiles(found.ruleFiles, snapshot);
  return snapshot;
}
