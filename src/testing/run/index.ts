export { chooseDefaultTestPaths } from './default-test-paths';
export { decideExitCode, runScenarioTests, type RunTestsOptions } from './run-tests';
export { watchTests, type WatchOptions, type WatchTarget } from './watch-tests';
export { runPlannedTest, type SessionOutcome } from './run-planned-test';
export type {
  FileReport,
  ReportedFailure,
  ReportedMismatch,
  RunReport,
  TestReport,
  TestStatus,
} from './test-report';
