import { hasErrors, type Diagnostic } from '../../diagnostics/diagnostic';
import { parseYaml } from '../parse/parse-yaml';
import { isCatalogStringPosition } from '../schema/string-positions';
import { validateCatalogSchema } from '../schema/validate-schema';
import type { Catalog, CatalogSpec } from './catalog-spec';
import { checkVariableDeclarations, normalizeVariables } from './read-declarations';

export interface CatalogParseResult {
  /** Absent when the file has errors: a broken catalog would only produce misleading warnings. */
  catalog?: Catalog;
  diagnostics: Diagnostic[];
}

/** Parses and validates a catalog file's text (reading it is the loader's job). */
export function parseCatalog(file: string, text: string): CatalogParseResult {
  const parsed = parseYaml(file, text, isCatalogStringPosition);
  const diagnostics = parsed.wellFormed
    ? [...parsed.diagnostics, ...validateCatalogSchema(parsed), ...checkVariableDeclarations(file, parsed)]
    : parsed.diagnostics;
  if (hasErrors(diagnostics)) return { diagnostics };
  return { catalog: { file, spec: toSpec(parsed.value as CatalogSpec) }, diagnostics };
}

/** The file's value with `variables` normalized (see normalizeVariables): a list of names in either form. */
function toSpec(value: CatalogSpec): CatalogSpec {
  if (value.variables === undefined) return value;
  return { ...value, ...normalizeVariables(value.variables) };
}
