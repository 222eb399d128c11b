import { createDiagnostic } from '../../diagnostics/create-diagnostic';
import type { Diagnostic } from '../../diagnostics/diagnostic';
import type { CatalogSpec } from '../../rules/catalog/catalog-spec';
import { checkDeclaredValue, findDeclaration } from '../../rules/catalog/declared-values';
import type { ParsedYaml } from '../../rules/parse/parse-yaml';
import type { SpecPath } from '../../rules/spec';

type Raw = Record<string, unknown>;

const isRecord = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * TEST_VALUE_NOT_ALLOWED for each variable a scenario file writes (the file's `variables`, a test's,
 * its `cases` and its events') whose value the catalog's declaration of that variable does not allow:
 * a test fed values the engine never sends proves little. Warnings, as the catalog checks of rules.
 * Expectations are left alone: what the rules set is checked in the rules (SET_VALUE_NOT_ALLOWED).
 */
export function checkScenarioValues(parsed: ParsedYaml, catalog: CatalogSpec | undefined): Diagnostic[] {
  if (!catalog?.declarations || !isRecord(parsed.value)) return [];
  const out: Diagnostic[] = [];
  for (const [variables, path] of collectVariables(parsed.value)) {
    for (const [name, value] of Object.entries(variables)) {
      const declaration = findDeclaration(catalog, name);
      if (declaration === undefined || typeof value !== 'string') continue;
      const verdict = checkDeclaredValue(declaration, value);
      if (verdict.ok) continue;
      const message = `this test gives '${name}' the value '${value}', which the engine would not send: ${verdict.reason}`;
      out.push(
        createDiagnostic('TEST_VALUE_NOT_ALLOWED', parsed.file, message, {
          range: parsed.locate([...path, name]),
          suggestion: verdict.suggest(),
        }),
      );
    }
  }
  return out;
}

/** Every mapping of variables the file writes, with its path. */
function collectVariables(root: Raw): [Raw, SpecPath][] {
  const found: [Raw, SpecPath][] = [];
  const add = (value: unknown, path: SpecPath) => {
    if (isRecord(value)) found.push([value, path]);
  };
  add(root.variables, ['variables']);
  const tests = Array.isArray(root.tests) ? root.tests : [];
  tests.forEach((test: unknown, i) => {
    if (!isRecord(test)) return;
    add(test.variables, ['tests', i, 'variables']);
    if (Array.isArray(test.cases)) test.cases.forEach((c: unknown, j) => add(c, ['tests', i, 'cases', j]));
    if (Array.isArray(test.events))
      test.events.forEach((e: unknown, k) => {
        if (isRecord(e)) add(e.variables, ['tests', i, 'events', k, 'variables']);
      });
  });
  return found;
}
