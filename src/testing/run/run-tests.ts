import { dedupeDiagnostics, sortDiagnostics } from '../../diagnostics/create-diagnostic';
import { findDefaultPacks } from '../../rules/load/find-default-packs';
import { CoverageRecorder } from '../coverage/coverage-recorder';
import { RulesLoader } from '../rules/load-rules-under-test';
import { findTestFiles } from '../scenario/find-test-files';
import { prepareScenario } from './prepare-scenario';
import { reportNoTestFiles } from './report-no-test-files';
import { runScenarioFile, type RunFileContext } from './run-scenario-file';
import type { FileReport, RunReport } from './test-report';
import type { EventView } from './run-planned-test';
import type { RuleSource } from '../../rules/load/rule-snapshot';

export interface RunTestsOptions {
  /** Scenario files and directories; empty: the pack in `cwd`, else the project's packs (findDefaultPacks). */
  paths: readonly string[];
  /** Relative paths are resolved against it, and files are shown relative to it. */
  cwd: string;
  /** Runs only the tests whose name (or file) contains it, case-insensitive. */
  filter?: string;
  /** A run without test files, a file without tests or a filter matching nothing is then not an error. */
  allowEmpty?: boolean;
  coverage?: boolean;
  /** Fail when an enabled rule never fired (implies `coverage`); the reports then say whether it did. */
  requireCoverage?: boolean;
  /**
   * Rule files (as read) added to every rule set the tests load, and a view of each session's events
   * for the expectations: `rulehook suggest-filter` runs the pack's tests with the file it would write.
   */
  addedRules?: {
    files: readonly RuleSource[];
    /** The files of the rule sets that the added ones replace. */
    leftOut?: (source: RuleSource) => boolean;
    createView?: () => EventView;
  };
}

/**
 * `rulehook test` without its printing: finds the scenario files, loads each
 * with the rules it names, simulates every test's session and checks its
 * expectations. Never throws for user mistakes: they are diagnostics.
 */
export async function runScenarioTests(options: RunTestsOptions): Promise<RunReport> {
  const defaults = options.paths.length === 0 ? findDefaultPacks(options.cwd) : undefined;
  const searched = defaults?.paths ?? options.paths;
  const found = await findTestFiles(searched, options.cwd, defaults !== undefined);
  const context: RunFileContext = {
    loader: new RulesLoader(options.cwd, options.addedRules?.files, options.addedRules?.leftOut),
    createView: options.addedRules?.createView,
    coverage:
      options.coverage === true || options.requireCoverage === true ? new CoverageRecorder() : undefined,
    allowEmpty: options.allowEmpty === true,
    filter: options.filter,
    diagnostics: [...found.diagnostics],
    sources: new Map(),
  };
  if (found.files.length === 0)
    context.diagnostics.push(...reportNoTestFiles(searched, found.diagnostics, { ...options, defaults }));
  const files: FileReport[] = [];
  for (const file of found.files) {
    const prepared = await prepareScenario(file, context);
    files.push({
      file: file.file,
      tests: prepared === undefined ? [] : await runScenarioFile(prepared, context),
    });
  }
  const tests = files.flatMap((f) => f.tests);
  const passed = tests.filter((t) => t.status === 'passed').length;
  const report: RunReport = {
    files,
    diagnostics: sortDiagnostics(dedupeDiagnostics(context.diagnostics), [...context.sources.keys()]),
    sources: context.sources,
    passed,
    failed: tests.length - passed,
    noMatch: options.filter !== undefined && tests.length === 0 && found.files.length > 0,
  };
  if (context.coverage) report.coverage = context.coverage.report();
  if (options.requireCoverage === true) report.coverageRequired = true;
  return report;
}

/**
 * The exit code of a run: 1 on any failed test, error diagnostic, unmatched filter or (when required, by
 * the run or here) uncovered rule.
 */
export function decideExitCode(
  report: RunReport,
  options: { allowEmpty?: boolean; requireCoverage?: boolean },
): 0 | 1 {
  if (report.failed > 0 || report.diagnostics.some((d) => d.severity === 'error')) return 1;
  if (report.noMatch && options.allowEmpty !== true) return 1;
  const required = options.requireCoverage === true || report.coverageRequired === true;
  if (required && (report.coverage?.neverFired.length ?? 0) > 0) return 1;
  return 0;
}
