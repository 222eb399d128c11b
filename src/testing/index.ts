/**
 * `rulehook/testing`: rule tests written in TypeScript (jest), the same as
 * scenario files. See docs/testing.md.
 */
export * from './api/jest-matchers';

export {
  loadTestRules,
  createTestRules,
  TestRules,
  type LoadTestRulesOptions,
  type SessionOptions,
} from './api/load-test-rules';
export { TestSession, type CallEvent, type EventResult } from './api/test-session';
export {
  matchers,
  toHaveFired,
  toRespondWith,
  toBeFiltered,
  toPass,
  type MatcherResult,
  type MatcherThis,
} from './api/matchers';
export { runScenarios, type RunScenariosOptions } from './api/run-scenarios';
export type {
  ExpectationSpec as Expectation,
  FilterExpectation,
  ListExpectation,
  MapExpectation,
  NodeExpectation,
  OperationExpectation,
  UpdateExpectation,
} from './scenario/scenario-spec';
export type { RunReport, TestReport, FileReport, ReportedFailure, ReportedMismatch } from './run/test-report';
export type { CoverageReport, RuleCoverage, ConditionCoverage } from './coverage/coverage-report';
