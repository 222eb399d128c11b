import path from 'node:path';
import { createDiagnostic } from '../../diagnostics/create-diagnostic';
import type { Diagnostic } from '../../diagnostics/diagnostic';
import { formatCount } from '../../terminal/format-count';
import { RULE_LIMITS } from '../limits';
import { expandPaths, type PackFile } from './expand-paths';

export interface FoundFiles {
  /** Rule files in load order: arguments in order, each directory's files in lexical path order. */
  ruleFiles: PackFile[];
  /** `catalog.yaml` / `catalog.yml` found directly in a directory argument, in argument order. */
  catalogs: PackFile[];
  diagnostics: Diagnostic[];
}

const RULE_FILE = /\.ya?ml$/;
const TEST_FILE = /\.test\.ya?ml$/;
/** The name of a pack's catalog file. */
export const CATALOG_FILE = /^catalog\.ya?ml$/;

/** A file name a directory contributes as a rule file. */
export const isRuleFileName = (name: string) =>
  RULE_FILE.test(name) && !TEST_FILE.test(name) && !CATALOG_FILE.test(name);

/**
 * Expands the paths given to load. A file is taken as named (whatever its name);
 * a directory contributes its `*.yaml`/`*.yml` files at any depth, except test
 * files (`*.test.yaml`), catalogs (`catalog.yaml`, at any depth) and dot-entries.
 * More rule files than RULE_LIMITS.files is TOO_MANY_FILES, found while listing
 * (a huge tree is not walked to its end), and then no file is to be read at all.
 */
export async function findRuleFiles(
  paths: readonly string[],
  cwd: string,
  exclude: ReadonlySet<string>,
): Promise<FoundFiles> {
  const found: FoundFiles = { ruleFiles: [], catalogs: [], diagnostics: [] };
  const seen = new Set<string>(exclude);
  const add = (list: PackFile[], entry: PackFile) => {
    if (seen.has(entry.absolute)) return;
    seen.add(entry.absolute);
    list.push({ file: entry.file, absolute: entry.absolute, relative: entry.relative });
  };
  const accept = (name: string) => RULE_FILE.test(name);
  const limit = { left: RULE_LIMITS.files, counts: isRuleFileName };
  const all = await expandPaths(paths, cwd, { accept, limit, diagnostics: found.diagnostics });
  if (limit.left < 0) {
    const given = all[all.length - 1]?.given ?? '';
    const max = formatCount(RULE_LIMITS.files);
    const message = `with '${given}', more than ${max} rule files are to be loaded; at most ${max} are loaded together, so none was read (check the paths given)`;
    found.diagnostics.push(createDiagnostic('TOO_MANY_FILES', given, message));
    return found;
  }
  for (const expanded of all) {
    if (expanded.kind === 'file') {
      add(found.ruleFiles, expanded.found);
      continue;
    }
    let ruleFiles = 0;
    for (const entry of expanded.found) {
      const name = path.posix.basename(entry.relative);
      if (CATALOG_FILE.test(name)) {
        if (!entry.relative.includes('/')) add(found.catalogs, entry);
      } else if (!TEST_FILE.test(name)) {
        add(found.ruleFiles, entry);
        ruleFiles++;
      }
    }
    if (ruleFiles === 0) {
      const message = `the directory '${expanded.given}' holds no rule files (*.yaml or *.yml, other than *.test.yaml and catalog.yaml)`;
      found.diagnostics.push(createDiagnostic('NO_RULE_FILES', expanded.given, message));
    }
  }
  return found;
}
