import type { Diagnostic } from '../../diagnostics/diagnostic';
import { expandPaths, type FoundFile } from '../../rules/load/expand-paths';
import { SCENARIO_FILE } from '../../rules/load/find-default-packs';

export { SCENARIO_FILE };

export interface FoundTestFiles {
  /** Scenario files in order: arguments in order, each directory's files in lexical path order. */
  files: FoundFile[];
  diagnostics: Diagnostic[];
}

/**
 * The scenario files under the given paths: a file is taken as named; a
 * directory contributes its `*.test.yaml` / `*.test.yml` files at any depth
 * (skipping dot-entries and node_modules). A missing path is FILE_NOT_FOUND,
 * unless `optional` (the default paths, which a project may not have).
 */
export async function findTestFiles(
  paths: readonly string[],
  cwd: string,
  optional = false,
): Promise<FoundTestFiles> {
  const found: FoundTestFiles = { files: [], diagnostics: [] };
  const seen = new Set<string>();
  const accept = (name: string) => SCENARIO_FILE.test(name);
  for (const expanded of await expandPaths(paths, cwd, {
    accept,
    optional,
    diagnostics: found.diagnostics,
  })) {
    const entries = expanded.kind === 'file' ? [expanded.found] : expanded.found;
    for (const { file, absolute } of entries) {
      if (!seen.has(absolute)) found.files.push({ file, absolute });
      seen.add(absolute);
    }
  }
  return found;
}
