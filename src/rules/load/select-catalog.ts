import path from 'node:path';
import { createDiagnostic, type Diagnostic } from '../../diagnostics';
import { parseCatalog, type Catalog } from '../catalog';
import type { FoundFile } from './expand-paths';
import { readSource } from './read-source';

export interface SelectedCatalog {
  catalog?: Catalog;
  /** The catalog file's text, for code frames (absent when none was read). */
  source?: { file: string; text: string };
  diagnostics: Diagnostic[];
}

/**
 * One catalog is used: the one named by `--catalog`, else the first `catalog.yaml`
 * of the directories given. Any other is reported as ignored (EXTRA_CATALOG),
 * so that nobody edits a catalog that has no effect without being told.
 */
export async function selectCatalog(
  explicit: FoundFile | undefined,
  found: readonly FoundFile[],
): Promise<SelectedCatalog> {
  const chosen = explicit ?? found[0];
  const diagnostics: Diagnostic[] = [];
  for (const other of found) {
    if (other === chosen) continue;
    const message = `this catalog is ignored: only one catalog is used, and it is '${chosen?.file}'`;
    diagnostics.push(createDiagnostic('EXTRA_CATALOG', other.file, message));
  }
  if (!chosen) return { diagnostics };
  const read = await readSource(chosen);
  if (!read.ok) return { diagnostics: [read.diagnostic, ...diagnostics] };
  const parsed = parseCatalog(chosen.file, read.text);
  const result: SelectedCatalog = {
    source: { file: chosen.file, text: read.text },
    diagnostics: [...parsed.diagnostics, ...diagnostics],
  };
  if (parsed.catalog) result.catalog = parsed.catalog;
  return result;
}

/** The `--catalog` option as a file to read, resolved against `cwd`. */
export function toExplicitCatalog(option: string | undefined, cwd: string): FoundFile | undefined {
  return option === undefined ? undefined : { file: option, absolute: path.resolve(cwd, option) };
}
