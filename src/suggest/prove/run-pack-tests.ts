import type { RuleSource } from '../../rules/load/rule-snapshot';
import { runScenarioTests } from '../../testing/run/run-tests';
import type { RunReport, TestReport } from '../../testing/run/test-report';
import { isSuggestedFile } from '../write/filter-file';
import { createSuggestedView, type SuggestedRule } from './suggested-view';

/** A scenario test of the pack that passes without the suggested rule and fails with it: a counter-example. */
export interface TestDifference {
  kind: 'test';
  file: string;
  test: string;
  line: number | undefined;
  /** `event 3 (AUDIO_PROGRESS): events[3].sent: expected true, got false`, one per mismatch. */
  failures: string[];
  message: string;
}

/**
 * The pack's scenario tests, run in-process as `rulehook test` runs them; with `added`, its file loaded too,
 * and with `added.suggested` the expectations see the answers without that rule's own part.
 */
export async function runPackTests(
  pack: string,
  cwd: string,
  added?: { file: RuleSource; suggested?: SuggestedRule },
): Promise<RunReport> {
  // A file suggest-filter wrote before is left out of every run: the suggestion replaces it.
  const leftOut = (source: RuleSource) => isSuggestedFile(source.text);
  return runScenarioTests({
    paths: [pack],
    cwd,
    allowEmpty: true,
    addedRules:
      added === undefined
        ? { files: [], leftOut }
        : {
            files: [added.file],
            leftOut,
            ...(added.suggested === undefined
              ? {}
              : { createView: () => createSuggestedView(added.suggested) }),
          },
  });
}

/** The passing tests of a run, by file and name. */
export function listPassingTests(report: RunReport): Set<string> {
  return new Set(
    report.files.flatMap((f) => f.tests.filter((t) => t.status === 'passed').map((t) => keyOf(t))),
  );
}

/**
 * The first test that passed before (`passing`) and does not with the suggested rule. Its expectations saw
 * the answers with the suggested rule's own part left out (createSuggestedView), so a test asserting the
 * first answer of a call exactly still holds; what fails is what the filter changed.
 */
export function findFailedTest(report: RunReport, passing: ReadonlySet<string>): TestDifference | undefined {
  return listFailedTests(report, passing)[0];
}

/** Every test that passed before (`passing`) and does not in `report`, in the order run. */
export function listFailedTests(report: RunReport, passing: ReadonlySet<string>): TestDifference[] {
  return report.files
    .flatMap((f) => f.tests)
    .filter((test) => test.status !== 'passed' && passing.has(keyOf(test)))
    .map(describeFailedTest);
}

function describeFailedTest(test: TestReport): TestDifference {
  const failures =
    test.status === 'error'
      ? [test.error ?? 'the test could not run']
      : test.failures.flatMap((f) =>
          f.mismatches.map(
            (m) =>
              `event ${f.index + 1} (${f.event}): ${m.message ?? `${m.path}: expected ${JSON.stringify(m.expected)}, got ${JSON.stringify(m.actual)}`}`,
          ),
        );
  const where = test.line === undefined ? test.file : `${test.file}:${test.line}`;
  return {
    kind: 'test',
    file: test.file,
    test: test.name,
    line: test.line,
    failures,
    message: `the test '${test.name}' (${where}) passes without the filter and fails with it: ${failures[0] ?? ''}`,
  };
}

function keyOf(test: TestReport): string {
  return `${test.file}\0${test.name}`;
}
