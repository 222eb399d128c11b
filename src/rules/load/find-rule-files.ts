import { stat } from 'node:fs/promises';
import path from 'node:path';
import { createDiagnostic, type Diagnostic } from '../../diagnostics';
import { describeError, listFiles } from './list-files';

export { describeError };

/** A file to read: the path as shown to the user, and where it is on disk. */
export interface FoundFile {
  file: string;
  absolute: string;
}

export interface FoundFiles {
  /** Rule files in load order: arguments in order, each directory's files in lexical path order. */
  ruleFiles: FoundFile[];
  /** `catalog.yaml` / `catalog.yml` found directly in a directory argument, in argument order. */
  catalogs: FoundFile[];
  diagnostics: Diagnostic[];
}

const RULE_FILE = /\.ya?ml$/;
const TEST_FILE = /\.test\.ya?ml$/;
const CATALOG_FILE = /^catalog\.ya?ml$/;

/**
 * Expands the paths given to load. A file is taken as named (whatever its name);
 * a directory contributes its `*.yaml`/`*.yml` files at any depth, except test
 * files (`*.test.yaml`), catalogs (`catalog.yaml`, at any depth) and dot-entries.
 * Paths are shown as given: `rules` + `a/b.yaml` is `rules/a/b.yaml`.
 */
export async function findRuleFiles(
  paths: readonly string[],
  cwd: string,
  exclude: ReadonlySet<string>,
): Promise<FoundFiles> {
  const found: FoundFiles = { ruleFiles: [], catalogs: [], diagnostics: [] };
  const seen = new Set<string>(exclude);
  const add = (list: FoundFile[], entry: FoundFile) => {
    if (seen.has(entry.absolute)) return;
    seen.add(entry.absolute);
    list.push(entry);
  };
  for (const given of paths) {
    const absolute = path.resolve(cwd, given);
    const kind = await statKind(absolute);
    if (kind === 'file') add(found.ruleFiles, { file: given, absolute });
    else if (kind === 'directory') await addDirectory(given, absolute, found, add);
    else found.diagnostics.push(describeStatError(given, kind));
  }
  return found;
}

async function addDirectory(
  given: string,
  absolute: string,
  found: FoundFiles,
  add: (list: FoundFile[], entry: FoundFile) => void,
) {
  const prefix = given.replace(/[/\\]+$/, '');
  const relatives = (
    await listFiles(absolute, {
      accept: (name) => RULE_FILE.test(name),
      shown: given,
      diagnostics: found.diagnostics,
    })
  ).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  let ruleFiles = 0;
  for (const relative of relatives) {
    const entry = { file: `${prefix}/${relative}`, absolute: path.join(absolute, relative) };
    const name = path.posix.basename(relative);
    if (CATALOG_FILE.test(name)) {
      if (!relative.includes('/')) add(found.catalogs, entry);
    } else if (!TEST_FILE.test(name)) {
      add(found.ruleFiles, entry);
      ruleFiles++;
    }
  }
  if (ruleFiles === 0) {
    const message = `the directory '${given}' holds no rule files (*.yaml or *.yml, other than *.test.yaml and catalog.yaml)`;
    found.diagnostics.push(createDiagnostic('NO_RULE_FILES', given, message));
  }
}

type StatKind = 'file' | 'directory' | { error: unknown };

async function statKind(absolute: string): Promise<StatKind> {
  try {
    const stats = await stat(absolute);
    return stats.isDirectory() ? 'directory' : 'file';
  } catch (error) {
    return { error };
  }
}

function describeStatError(given: string, kind: { error: unknown }): Diagnostic {
  if ((kind.error as NodeJS.ErrnoException).code === 'ENOENT') {
    return createDiagnostic('FILE_NOT_FOUND', given, `no such file or directory: '${given}'`);
  }
  return createDiagnostic('FILE_UNREADABLE', given, `cannot read '${given}': ${describeError(kind.error)}`);
}
