import path from 'node:path';
import { createDiagnostic } from '../../diagnostics/create-diagnostic';
import type { Diagnostic } from '../../diagnostics/diagnostic';
import type { PackFile } from './expand-paths';

export interface SelectedCatalog {
  /** The catalog to read, if any. */
  chosen?: PackFile;
  /** EXTRA_CATALOG for every other one found. */
  diagnostics: Diagnostic[];
}

/**
 * One catalog is used: the one named by `--catalog`, else the first `catalog.yaml`
 * of the directories given. Any other is reported as ignored (EXTRA_CATALOG),
 * so that nobody edits a catalog that has no effect without being told.
 */
export function selectCatalog(explicit: PackFile | undefined, found: readonly PackFile[]): SelectedCatalog {
  const chosen = explicit ?? found[0];
  const diagnostics: Diagnostic[] = [];
  for (const other of found) {
    if (other === chosen) continue;
    const message = `this catalog is ignored: only one catalog is used, and it is '${chosen?.file}'`;
    diagnostics.push(createDiagnostic('EXTRA_CATALOG', other.file, message));
  }
  return chosen === undefined ? { diagnostics } : { chosen, diagnostics };
}

/** The `--catalog` option as a file to read, resolved against `cwd`. */
export function toExplicitCatalog(option: string | undefined, cwd: string): PackFile | undefined {
  if (option === undefined) return undefined;
  const absolute = path.resolve(cwd, option);
  return { file: option, absolute, relative: path.basename(absolute) };
}
