import { stat } from 'node:fs/promises';
import path from 'node:path';
import { createDiagnostic } from '../../diagnostics/create-diagnostic';
import type { Diagnostic } from '../../diagnostics/diagnostic';
import { describeError, listFiles, type FileLimit } from './list-files';

/** A file to read: the path as shown to the user, and where it is on disk. */
export interface FoundFile {
  file: string;
  absolute: string;
}

/** A file found among the paths given, with what it is called wherever the pack is (for its revision). */
export interface PackFile extends FoundFile {
  /** The path inside the directory given that holds it (posix), or the base name of a file given by path. */
  relative: string;
}

/** One path as given: a file taken as named, or a directory with the wanted files under it. */
export type ExpandedPath =
  | { kind: 'file'; given: string; found: PackFile }
  | {
      kind: 'directory';
      given: string;
      /** Wanted files at any depth, in lexical order of their relative posix paths. */
      found: PackFile[];
    };

export interface ExpandOptions {
  /** Whether a file name (not path) found in a directory is wanted. */
  accept(name: string): boolean;
  /** Paths that do not exist are skipped silently (defaults a project may not have). */
  optional?: boolean;
  /**
   * Counts the files found (a file given by path always counts); once past it, no
   * further path is expanded, and the last one returned is where it passed.
   */
  limit?: FileLimit;
  diagnostics: Diagnostic[];
}

/**
 * Expands paths given on a command line or in a file, for the rule loader and
 * the scenario-file finder alike. Files found in a directory are shown as
 * given: `rules` + `a/b.yaml` is `rules/a/b.yaml`. Missing or unreadable paths
 * are reported (FILE_NOT_FOUND, FILE_UNREADABLE) and skipped.
 */
export async function expandPaths(
  paths: readonly string[],
  cwd: string,
  options: ExpandOptions,
): Promise<ExpandedPath[]> {
  const expanded: ExpandedPath[] = [];
  for (const given of paths) {
    if (options.limit !== undefined && options.limit.left < 0) break;
    const absolute = path.resolve(cwd, given);
    let isDirectory: boolean;
    try {
      isDirectory = (await stat(absolute)).isDirectory();
    } catch (error) {
      if (options.optional !== true) options.diagnostics.push(describeStatError(given, error));
      continue;
    }
    if (!isDirectory) {
      expanded.push({
        kind: 'file',
        given,
        found: { file: given, absolute, relative: path.basename(absolute) },
      });
      if (options.limit !== undefined) options.limit.left--;
      continue;
    }
    const prefix = given.replace(/[/\\]+$/, '');
    const relatives = await listFiles(absolute, {
      accept: options.accept,
      shown: given,
      diagnostics: options.diagnostics,
      ...(options.limit === undefined ? {} : { limit: options.limit }),
    });
    relatives.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const found = relatives.map((relative) => ({
      relative,
      // `.` (the working directory) adds nothing a reader needs: `rules.yaml:3:5`, not `./rules.yaml:3:5`.
      file: prefix === '.' ? relative : `${prefix}/${relative}`,
      absolute: path.join(absolute, relative),
    }));
    expanded.push({ kind: 'directory', given, found });
  }
  return expanded;
}

function describeStatError(given: string, error: unknown): Diagnostic {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
    return createDiagnostic('FILE_NOT_FOUND', given, `no such file or directory: '${given}'`);
  }
  return createDiagnostic('FILE_UNREADABLE', given, `cannot read '${given}': ${describeError(error)}`);
}
