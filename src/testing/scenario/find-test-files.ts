import { stat } from 'node:fs/promises';
import path from 'node:path';
import { createDiagnostic, type Diagnostic } from '../../diagnostics';
import type { FoundFile } from '../../rules/load/find-rule-files';
import { describeError, listFiles } from '../../rules/load/list-files';

export const SCENARIO_FILE = /\.test\.ya?ml$/;

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
  const add = (entry: FoundFile) => {
    if (!seen.has(entry.absolute)) found.files.push(entry);
    seen.add(entry.absolute);
  };
  for (const given of paths) {
    const absolute = path.resolve(cwd, given);
    let isDirectory: boolean;
    try {
      isDirectory = (await stat(absolute)).isDirectory();
    } catch (error) {
      if (optional) continue;
      const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
      found.diagnostics.push(
        missing
          ? createDiagnostic('FILE_NOT_FOUND', given, `no such file or directory: '${given}'`)
          : createDiagnostic('FILE_UNREADABLE', given, `cannot read '${given}': ${describeError(error)}`),
      );
      continue;
    }
    if (!isDirectory) {
      add({ file: given, absolute });
      continue;
    }
    const prefix = given.replace(/[/\\]+$/, '');
    const relatives = (
      await listFiles(absolute, {
        accept: (name) => SCENARIO_FILE.test(name),
        shown: prefix,
        diagnostics: found.diagnostics,
      })
    ).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (const relative of relatives)
      add({ file: `${prefix}/${relative}`, absolute: path.join(absolute, relative) });
  }
  return found;
}
