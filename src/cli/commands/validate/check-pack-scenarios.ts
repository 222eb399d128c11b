import path from 'node:path';
import type { Diagnostic } from '../../../diagnostics/diagnostic';
import type { CatalogSpec } from '../../../rules/catalog/catalog-spec';
import { readSource } from '../../../rules/load/read-source';
import { checkScenarioValues } from '../../../testing/scenario/check-scenario-values';
import { findTestFiles, SCENARIO_FILE } from '../../../testing/scenario/find-test-files';
import { loadScenarioFile } from '../../../testing/scenario/load-scenario-file';

export interface CheckedScenarios {
  diagnostics: Diagnostic[];
  /** Text of each scenario file read, for code frames and the file count. */
  sources: Map<string, string>;
}

/**
 * The scenario files among the validated paths, against the catalog their pack
 * was validated with: the values their variables take (TEST_VALUE_NOT_ALLOWED).
 * The rest of a scenario file (its schema, the rule ids it expects) is checked
 * where it is run, by `rulehook test`: validate checks what the catalog says,
 * and a pack's tests feed its rules. A file that cannot be read or parsed is
 * left to `rulehook test` too, so that validate's verdict on rules is unchanged.
 */
export async function checkPackScenarios(
  paths: readonly string[],
  cwd: string,
  catalog: CatalogSpec | undefined,
): Promise<CheckedScenarios> {
  const checked: CheckedScenarios = { diagnostics: [], sources: new Map() };
  if (!catalog?.declarations) return checked;
  const found = await findTestFiles(paths, cwd, true);
  for (const file of found.files) {
    if (!SCENARIO_FILE.test(path.basename(file.file))) continue;
    const read = await readSource(file);
    if (!read.ok) continue;
    const scenario = loadScenarioFile(file.file, read.text, { allowEmpty: true });
    checked.sources.set(file.file, read.text);
    checked.diagnostics.push(...checkScenarioValues(scenario.parsed, catalog));
  }
  return checked;
}
