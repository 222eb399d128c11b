import path from 'node:path';
import { createDiagnostic } from '../../diagnostics/create-diagnostic';
import { RULE_LIMITS } from '../limits';
import type { FoundFile } from './expand-paths';
import { findRuleFiles, type FoundFiles } from './find-rule-files';
import { readWithinDeadline } from '../../files/read-deadline';
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
 * and limits passed, are in `diagnostics`. Listing the directories, and each
 * file's read, take at most RULE_LIMITS.readMs each.
 */
export async function readRuleSnapshot(
  paths: readonly string[],
  options: ReadOptions,
): Promise<RuleSnapshot> {
  const explicit = toExplicitCatalog(options.catalog, options.cwd);
  const found = await findWithinDeadline(paths, options.cwd, explicit);
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

/** Lists the rule files, within RULE_LIMITS.readMs: a stalled mount is FILE_UNREADABLE on the paths given. */
async function findWithinDeadline(
  paths: readonly string[],
  cwd: string,
  explicit: FoundFile | undefined,
): Promise<FoundFiles> {
  const key = `list:${paths.map((given) => path.resolve(cwd, given)).join('\0')}`;
  const exclude = new Set(explicit ? [explicit.absolute] : []);
  const listed = await readWithinDeadline(key, RULE_LIMITS.readMs, () => findRuleFiles(paths, cwd, exclude));
  if (listed.done) return listed.value;
  const seconds = RULE_LIMITS.readMs / 1000;
  const why =
    listed.why === 'late'
      ? `the file system did not answer within ${seconds} s`
      : `an earlier listing, past its ${seconds} s, has not returned yet`;
  const diagnostics = paths.map((given) =>
    createDiagnostic('FILE_UNREADABLE', given, `cannot list '${given}': ${why}`),
  );
  return { ruleFiles: [], catalogs: [], diagnostics };
}
