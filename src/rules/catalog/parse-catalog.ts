import { createDiagnostic } from '../../diagnostics/create-diagnostic';
import { hasErrors, type Diagnostic } from '../../diagnostics/diagnostic';
import { compileGlob } from '../../glob/compile-glob';
import { parseYaml, type ParsedYaml } from '../parse/parse-yaml';
import { isCatalogStringPosition } from '../schema/string-positions';
import { validateCatalogSchema } from '../schema/validate-schema';
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
    ? [...parsed.diagnostics, ...validateCatalogSchema(parsed), ...checkVariableGlobs(file, parsed)]
    : parsed.diagnostics;
  if (hasErrors(diagnostics)) return { diagnostics };
  return { catalog: { file, spec: parsed.value as CatalogSpec }, diagnostics };
}

/** Globs of `variables` that do not compile (GLOB_UNSUPPORTED, GLOB_TOO_LARGE), at the construct. */
function checkVariableGlobs(file: string, parsed: ParsedYaml): Diagnostic[] {
  const variables = (parsed.value as { variables?: unknown } | null)?.variables;
  if (!Array.isArray(variables)) return [];
  return variables.flatMap((pattern: unknown, index) => {
    if (typeof pattern !== 'string') return [];
    const compiled = compileGlob(pattern);
    if (compiled.ok) return [];
    const range = parsed.locateWithin(['variables', index], compiled.at.start, compiled.at.end);
    return [createDiagnostic(compiled.code, file, compiled.message, { range })];
  });
}
