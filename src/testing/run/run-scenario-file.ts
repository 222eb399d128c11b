import { createLineIndex, type LineIndex } from '../../diagnostics/line-index';
import type { SpecPath } from '../../rules/spec';
import type { EventFailure } from '../expect/check-event';
import type { ScenarioFile } from '../scenario/load-scenario-file';
import { planTest, type PlannedTest } from '../scenario/plan-tests';
import type { TestSpec } from '../scenario/scenario-spec';
import type { PrepareContext, PreparedScenario } from './prepare-scenario';
import { runPlannedTest, type EventView } from './run-planned-test';
import type { ReportedFailure, TestReport } from './test-report';

export interface RunFileContext extends PrepareContext {
  /** Runs only the tests whose name or file contains it (case-insensitive). */
  filter: string | undefined;
  /** A new view of each session's events for its expectations (RunTestsOptions.addedRules). */
  createView?: (() => EventView) | undefined;
}

/** Runs the tests of a prepared scenario file; a test that cannot run is reported with status `error`. */
export async function runScenarioFile(
  prepared: PreparedScenario,
  context: RunFileContext,
): Promise<TestReport[]> {
  const { scenario, rules } = prepared;
  const lines = createLineIndex(prepared.text);
  const tests: unknown[] = Array.isArray(scenario.spec?.tests) ? scenario.spec.tests : [];
  const reports: TestReport[] = [];
  for (const [index, test] of tests.entries()) {
    if (typeof test !== 'object' || test === null) continue;
    const where = { file: scenario.file, ...positionOf(scenario, ['tests', index, 'name'], lines) };
    const problem =
      prepared.blocked ??
      (prepared.testErrors[index]!.length > 0 ? 'this test has errors (see above)' : undefined);
    for (const { name, plan } of planSessions(scenario, test as TestSpec, index, problem !== undefined)) {
      if (!matchesFilter(context.filter, scenario.file, name)) continue;
      if (plan === undefined || rules === undefined) {
        reports.push({
          name,
          ...where,
          status: 'error',
          error: problem ?? 'no rules to run it with',
          events: 0,
          failures: [],
        });
        continue;
      }
      const outcome = await runPlannedTest(plan, rules, context.createView?.());
      for (const result of outcome.results) context.coverage?.record(rules, result);
      const failures = outcome.failures.map((f) => locateFailure(scenario, f, lines));
      const status = failures.length > 0 ? 'failed' : 'passed';
      reports.push({ name, ...where, status, events: outcome.results.length, failures });
    }
  }
  return reports;
}

/** The sessions of a test (one per case); only its name when it cannot run. */
function planSessions(
  scenario: ScenarioFile,
  test: TestSpec,
  index: number,
  broken: boolean,
): { name: string; plan?: PlannedTest }[] {
  const name = typeof test.name === 'string' ? test.name : `test ${index + 1}`;
  if (broken) return [{ name }];
  return planTest(scenario.spec!, test, index).map((plan) => ({ name: plan.name, plan }));
}

export function matchesFilter(filter: string | undefined, file: string, name: string): boolean {
  if (filter === undefined || filter === '') return true;
  const needle = filter.toLowerCase();
  return name.toLowerCase().includes(needle) || file.toLowerCase().includes(needle);
}

function positionOf(
  scenario: ScenarioFile,
  path: SpecPath,
  lines: LineIndex,
): { line?: number; col?: number } {
  const range = scenario.parsed.locate(path);
  return range === undefined ? {} : lines.positionAt(range.start);
}

function locateFailure(scenario: ScenarioFile, failure: EventFailure, lines: LineIndex): ReportedFailure {
  const mismatches = failure.mismatches.map((m) => {
    const { line, col } = m.source === undefined ? {} : positionOf(scenario, m.source, lines);
    return line === undefined ? m : { ...m, location: `${scenario.file}:${line}:${col}` };
  });
  return { ...failure, mismatches };
}
