import { loadRuleSnapshot, type LoadResult } from './load-rule-snapshot';
import { readRuleSnapshot, type ReadOptions } from './read-rule-snapshot';

export type LoadOptions = ReadOptions;

/**
 * Loads rule files and directories: the front end of the rules pipeline, which
 * reads the files (`readRuleSnapshot`) and then parses and checks what it read
 * (`loadRuleSnapshot`). Never throws for user mistakes: they are all in
 * `diagnostics`.
 */
export async function loadRules(paths: readonly string[], options: LoadOptions): Promise<LoadResult> {
  return loadRuleSnapshot(await readRuleSnapshot(paths, options));
}
