import { hasErrors, type Diagnostic } from '../../diagnostics';
import { isCatalogStringPosition, parseYaml } from '../parse';
import { validateCatalogSchema } from '../schema';
import type { Catalog, CatalogSpec } from './catalog-spec';

export interface CatalogParseResult {
  /** Absent when the file has errors: a broken catalog would only produce misleading warnings. */
  catalog?: Catalog;
  diagnostics: Diagnostic[];
}

/** Parses and validates a catalog file's text (reading it is the loader's job). */
export function parseCatalog(file: string, text: string): CatalogParseResult {
  const parsed = parseYaml(file, text, isCatalogStringPosition);
  const diagnostics = parsed.wellFormed
    ? [...parsed.diagnostics, ...validateCatalogSchema(parsed)]
    : parsed.diagnostics;
  if (hasErrors(diagnostics)) return { diagnostics };
  return { catalog: { file, spec: parsed.value as CatalogSpec }, diagnostics };
}
