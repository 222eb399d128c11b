import type { Diagnostic } from '../../diagnostics/diagnostic';
import type { FoundFile } from '../../rules/load/expand-paths';
import { readSource } from '../../rules/load/read-source';
import type { CoverageRecorder } from '../coverage/coverage-recorder';
import type { RulesLoader } from '../rules/load-rules-under-test';
import type { RulesUnderTest } from '../rules/rules-under-test';
import { checkRuleIds } from '../scenario/check-rule-ids';
import { checkScenarioValues } from '../scenario/check-scenario-values';
import { loadScenarioFile, splitErrorsByTest, type ScenarioFile } from '../scenario/load-scenario-file';

export interface PrepareContext {
  loader: RulesLoader;
  coverage: CoverageRecorder | undefined;
  allowEmpty: boolean;
  /** Collects every diagnostic and every source read, for the report. */
  diagnostics: Diagnostic[];
  sources: Map<string, string>;
}

/** A scenario file ready to run: its rules, and which of its tests cannot run and why. */
export interface PreparedScenario {
  scenario: ScenarioFile;
  text: string;
  rules: RulesUnderTest | undefined;
  /** Why no test of the file can run; undefined when they can. */
  blocked: string | undefined;
  /** The errors written inside each test (by test index). */
  testErrors: Diagnostic[][];
}

/**
 * Reads and checks a scenario file, loads the rules it names (their problems are
 * reported as `rulehook validate` reports them, once per run) and checks its rule
 * ids against them, and its variables' values against their catalog. Undefined when the file cannot be read.
 */
export async function prepareScenario(
  found: FoundFile,
  context: PrepareContext,
): Promise<PreparedScenario | undefined> {
  const read = await readSource(found);
  if (!read.ok) {
    context.diagnostics.push(read.diagnostic);
    return undefined;
  }
  const text = read.text;
  context.sources.set(found.file, text);
  const scenario = loadScenarioFile(found.file, text, { allowEmpty: context.allowEmpty });
  let blocked = canLoadRules(scenario) ? undefined : 'the scenario file has errors (see above)';
  let rules: RulesUnderTest | undefined;
  if (blocked === undefined) {
    const spec = scenario.spec!;
    const written = typeof spec.rules === 'string' ? [spec.rules] : spec.rules;
    const loaded = await context.loader.loadFor(found.absolute, scenario.parsed, written, spec.catalog);
    scenario.diagnostics.push(...loaded.diagnostics);
    if (loaded.load && loaded.first) {
      context.diagnostics.push(...loaded.load.diagnostics);
      for (const [file, source] of loaded.load.sources)
        if (!context.sources.has(file)) context.sources.set(file, source);
    }
    if (loaded.load)
      scenario.diagnostics.push(...checkScenarioValues(scenario.parsed, loaded.load.catalog?.spec));
    rules = loaded.rules;
    if (rules !== undefined) {
      if (loaded.first) context.coverage?.register(rules, loaded.load);
      scenario.diagnostics.push(...checkRuleIds(scenario.parsed, rules.ids));
    } else
      blocked =
        loaded.diagnostics.length > 0
          ? 'a path of the scenario file does not exist'
          : 'the rules under test have errors (see above)';
  }
  context.diagnostics.push(...scenario.diagnostics);
  const errors = splitErrorsByTest(
    scenario,
    scenario.diagnostics.filter((d) => d.severity === 'error'),
  );
  if (blocked === undefined && errors.file.length > 0) blocked = 'the scenario file has errors (see above)';
  return { scenario, text, rules, blocked, testErrors: errors.tests };
}

/** The rules can be loaded once the file is well-formed and its `rules` and `catalog` are usable paths. */
export function canLoadRules(scenario: ScenarioFile): boolean {
  const spec = scenario.spec as unknown;
  if (!scenario.parsed.wellFormed || typeof spec !== 'object' || spec === null || Array.isArray(spec))
    return false;
  const { rules, catalog } = spec as Record<string, unknown>;
  const isPath = (p: unknown) => typeof p === 'string' && p !== '';
  const okRules = isPath(rules) || (Array.isArray(rules) && rules.length > 0 && rules.every(isPath));
  return okRules && (catalog === undefined || isPath(catalog));
}
