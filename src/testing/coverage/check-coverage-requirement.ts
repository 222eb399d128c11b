import type { CoverageReport, RuleCoverage } from './coverage-report';

/** `--require-coverage`, checked: met when every enabled rule fired at least once. */
export interface CoverageRequirement {
  met: boolean;
  /** The enabled rules no test fired, with where they are written. */
  neverFired: RuleCoverage[];
}

/** How many rule names a one-line description names before counting the rest. */
const NAMED_IN_LINE = 3;

/** The requirement of a run that required coverage; undefined when none was required (or none recorded). */
export function checkCoverageRequirement(report: {
  coverageRequired?: boolean;
  coverage?: CoverageReport;
}): CoverageRequirement | undefined {
  if (report.coverageRequired !== true || report.coverage === undefined) return undefined;
  const neverFired = report.coverage.rules.filter((rule) => rule.enabled && rule.events === 0);
  return { met: neverFired.length === 0, neverFired };
}

/** `coverage requirement failed: 2 enabled rules never fired (basic/a, basic/b)`, for a summary line. */
export function describeUnmetRequirement(requirement: CoverageRequirement): string {
  const rules = requirement.neverFired.map((rule) => rule.rule);
  const count = rules.length;
  const named = rules.slice(0, NAMED_IN_LINE).join(', ');
  const more = count > NAMED_IN_LINE ? `, and ${count - NAMED_IN_LINE} more` : '';
  return `coverage requirement failed: ${count} enabled rule${count === 1 ? '' : 's'} never fired (${named}${more})`;
}

/** `rules/risk.yaml:12:5`: where a rule is written. */
export function describeRuleLocation(rule: RuleCoverage): string {
  return rule.line === undefined ? rule.file : `${rule.file}:${rule.line}:${rule.col}`;
}
