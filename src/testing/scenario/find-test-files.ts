import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { createDiagnostic, type Diagnostic } from '../../diagnostics';
import { describeError, type FoundFile } from '../../rules/load/find-rule-files';

export const SCENARIO_FILE = /\.test\.ya?ml$/;
const SKIPPED_DIRECTORIES = new Set(['node_modules']);

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
    const relatives = (await listScenarioFiles(absolute, '', found.diagnostics, prefix)).sort((a, b) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    for (const relative of relatives)
      add({ file: `${prefix}/${relative}`, absolute: path.join(absolute, relative) });
  }
  return found;
}

async function listScenarioFiles(
  root: string,
  relative: string,
  diagnostics: Diagnostic[],
  shown: string,
): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(path.join(root, relative), { withFileTypes: true });
  } catch (error) {
    const where = relative ? `${shown}/${relative}` : shown;
    diagnostics.push(
      createDiagnostic('FILE_UNREADABLE', where, `cannot read the directory: ${describeError(error)}`),
    );
    return [];
  }
  const files: string[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith('.') || SKIPPED_DIRECTORIES.has(entry.name)) continue;
    const child = relative ? `${relative}/${entry.name}` : entry.name;
    const isDirectory =
      entry.isDirectory() || (entry.isSymbolicLink() && (await isDirectoryPath(path.join(root, child))));
    if (isDirectory) files.push(...(await listScenarioFiles(root, child, diagnostics, shown)));
    else if (SCENARIO_FILE.test(entry.name)) files.push(child);
  }
  return files;
}

async function isDirectoryPath(absolute: string): Promise<boolean> {
  try {
    return (await stat(absolute)).isDirectory();
  } catch {
    return false;
  }
}
