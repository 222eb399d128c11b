import { readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { createDiagnostic } from '../../diagnostics/create-diagnostic';
import type { Diagnostic } from '../../diagnostics/diagnostic';

/** Directories never searched for rule or scenario files. */
const SKIPPED_DIRECTORIES: ReadonlySet<string> = new Set(['node_modules']);

/** A bound on the files a listing may find: each file `counts` takes one from `left`; below 0, listing stops. */
export interface FileLimit {
  left: number;
  counts(name: string): boolean;
}

export interface ListFilesOptions {
  /** Whether a file name (not path) is wanted. */
  accept(name: string): boolean;
  /** Shared by the listings of one load; past it the listing stops, incomplete (the caller reports it). */
  limit?: FileLimit;
  /** The directory as the user named it, for diagnostics. */
  shown: string;
  diagnostics: Diagnostic[];
}

/**
 * Relative posix paths of the wanted files under `root`, at any depth, in
 * directory order (callers sort). Hidden entries and node_modules are skipped;
 * symbolic links are followed, each directory once (a link to a parent would
 * otherwise list the tree again at every level); an unreadable directory is
 * reported and skipped. Shared by the rule loader and the scenario-file finder.
 * With a `limit`, listing stops as soon as more files than it allows are found.
 */
export async function listFiles(
  root: string,
  options: ListFilesOptions,
  relative = '',
  visited = new Set<string>(),
): Promise<string[]> {
  let entries;
  try {
    const real = await realpath(path.join(root, relative));
    if (visited.has(real)) return [];
    visited.add(real);
    entries = await readdir(real, { withFileTypes: true });
  } catch (error) {
    const where = relative ? `${options.shown.replace(/[/\\]+$/, '')}/${relative}` : options.shown;
    options.diagnostics.push(
      createDiagnostic('FILE_UNREADABLE', where, `cannot read the directory: ${describeError(error)}`),
    );
    return [];
  }
  const files: string[] = [];
  for (const entry of entries) {
    if (options.limit !== undefined && options.limit.left < 0) break;
    if (entry.name.startsWith('.') || SKIPPED_DIRECTORIES.has(entry.name)) continue;
    const child = relative ? `${relative}/${entry.name}` : entry.name;
    const isDirectory =
      entry.isDirectory() || (entry.isSymbolicLink() && (await isDirectoryPath(path.join(root, child))));
    if (isDirectory) for (const file of await listFiles(root, options, child, visited)) files.push(file);
    else if (options.accept(entry.name)) {
      files.push(child);
      if (options.limit?.counts(entry.name) === true) options.limit.left--;
    }
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

export function describeError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'it is a directory';
  return error instanceof Error ? error.message : String(error);
}
