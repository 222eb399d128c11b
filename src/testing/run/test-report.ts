import type { Diagnostic } from '../../diagnostics/diagnostic';
import type { CoverageReport } from '../coverage/coverage-report';
import type { Mismatch } from '../expect/compare';

/** A difference, with where its expectation is written. */
export interface ReportedMismatch extends Mismatch {
  /** `file:line:col` of the expectation; absent for expectations built in code. */
  location?: string;
}

export interface ReportedFailure {
  index: number;
  event: string;
  mismatches: ReportedMismatch[];
  notes: string[];
}

export type TestStatus = 'passed' | 'failed' | 'error';

export interface TestReport {
  /** The test's name; a case's name ends with its variables: `name [verify.score=0.1]`. */
  name: string;
  file: string;
  /** Where the test's name is written. */
  line?: number;
  col?: number;
  /** `error`: the test did not run (see `error`); it counts as failed. */
  status: TestStatus;
  /** Why the test did not run (status `error`): `this test has errors (see above)`. */
  error?: string;
  /** How many events the session raised. */
  events: number;
  failures: ReportedFailure[];
}

export interface FileReport {
  file: string;
  tests: TestReport[];
}

/** Everything a run found: what every report format prints. */
export interface RunReport {
  files: FileReport[];
  /** Problems of scenario files and of the rules they test, as `rulehook validate` reports them. */
  diagnostics: Diagnostic[];
  /** Text of every file read, for code frames. */
  sources: Map<string, string>;
  passed: number;
  /** Tests that failed or could not run. */
  failed: number;
  /** `--filter` given, and no test matched it. */
  noMatch: boolean;
  coverage?: CoverageReport;
  /** `--require-coverage`: the run fails when an enabled rule never fired, and every report format says so. */
  coverageRequired?: boolean;
}
