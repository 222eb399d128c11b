import type { Diagnostic, Range } from '../../diagnostics/diagnostic';
import { parseYaml, type ParsedYaml } from '../../rules/parse/parse-yaml';
import { checkScenario, type ScenarioCheckOptions } from './check-scenario';
import type { ScenarioFileSpec, TestSpec } from './scenario-spec';
import { isScenarioStringPosition } from './string-positions';
import { validateScenarioSchema } from './validate-scenario-schema';

/** One scenario file, parsed and checked (without the rules it tests). */
export interface ScenarioFile {
  file: string;
  parsed: ParsedYaml;
  /** The file's data, when it is well-formed YAML (parts may still have errors: see `testErrors`). */
  spec: ScenarioFileSpec | undefined;
  diagnostics: Diagnostic[];
}

/** Parses a scenario file and runs its schema and checks (both, so that one run reports every problem). */
export function loadScenarioFile(
  file: string,
  text: string,
  options: ScenarioCheckOptions = {},
): ScenarioFile {
  const parsed = parseYaml(file, text, isScenarioStringPosition);
  const diagnostics = [...parsed.diagnostics];
  if (!parsed.wellFormed) return { file, parsed, spec: undefined, diagnostics };
  diagnostics.push(...validateScenarioSchema(parsed), ...checkScenario(parsed, options));
  return { file, parsed, spec: parsed.value as ScenarioFileSpec, diagnostics };
}

/** The tests of a file, each with the errors written inside it; errors outside every test concern the whole file. */
export function splitErrorsByTest(
  scenario: ScenarioFile,
  errors: readonly Diagnostic[],
): { tests: Diagnostic[][]; file: Diagnostic[] } {
  const tests: TestSpec[] = Array.isArray(scenario.spec?.tests) ? scenario.spec.tests : [];
  const ranges = tests.map((_, i) => scenario.parsed.locate(['tests', i]));
  const byTest = tests.map(() => [] as Diagnostic[]);
  const file: Diagnostic[] = [];
  for (const d of errors) {
    const index = ranges.findIndex((r) => r !== undefined && d.range !== undefined && contains(r, d.range));
    if (index >= 0) byTest[index]!.push(d);
    else file.push(d);
  }
  return { tests: byTest, file };
}

function contains(outer: Range, inner: Range): boolean {
  return inner.start >= outer.start && inner.end <= outer.end && !(inner.start === 0 && inner.end === 0);
}
