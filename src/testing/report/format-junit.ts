import { formatHuman } from '../../diagnostics/format-human';
import type { Diagnostic } from '../../diagnostics/diagnostic';
import {
  checkCoverageRequirement,
  describeRuleLocation,
  describeUnmetRequirement,
} from '../coverage/check-coverage-requirement';
import type { RunReport, TestReport } from '../run/test-report';
import { formatFailure } from './format-failure';

/** Text safe in XML 1.0 attributes and content (characters XML forbids are dropped). */
export function escapeXml(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const allowed =
      code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code !== 0xfffe && code !== 0xffff);
    if (allowed) out += XML_ENTITIES[char] ?? char;
  }
  return out;
}

const XML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/**
 * The run as JUnit XML, which CI systems read: one `<testsuite>` per scenario
 * file, one `<testcase>` per test (per case), `<failure>` with the diff,
 * `<error>` for a test that could not run; error diagnostics go in a last
 * suite, `rulehook diagnostics`, one test case per file. With `--require-coverage`,
 * a suite `rulehook coverage` holds one test case for the requirement, failed
 * (listing the rules never fired) when it is not met: CI dashboards show
 * failed test cases, not exit codes.
 */
export function formatJunitReport(report: RunReport): string {
  const suites = report.files.map((file) => {
    const failures = file.tests.filter((t) => t.status === 'failed').length;
    const errors = file.tests.filter((t) => t.status === 'error').length;
    const head = `  <testsuite name="${escapeXml(file.file)}" tests="${file.tests.length}" failures="${failures}" errors="${errors}" skipped="0">`;
    return [head, ...file.tests.map(formatTestCase), '  </testsuite>'].join('\n');
  });
  const diagnostics = formatDiagnosticSuite(report);
  if (diagnostics !== undefined) suites.push(diagnostics.xml);
  const coverage = formatCoverageSuite(report);
  if (coverage !== undefined) suites.push(coverage.xml);
  const tests =
    report.files.reduce((n, f) => n + f.tests.length, 0) + (diagnostics?.count ?? 0) + (coverage ? 1 : 0);
  const failedTests = report.files.flatMap((f) => f.tests).filter((t) => t.status === 'failed').length;
  const failures = failedTests + (coverage?.failures ?? 0);
  const errors = report.failed - failedTests + (diagnostics?.count ?? 0);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="rulehook test" tests="${tests}" failures="${failures}" errors="${errors}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}

function formatTestCase(test: TestReport): string {
  const attributes = `name="${escapeXml(test.name)}" classname="${escapeXml(test.file)}" file="${escapeXml(test.file)}"${test.line === undefined ? '' : ` line="${test.line}"`}`;
  if (test.status === 'passed') return `    <testcase ${attributes}/>`;
  if (test.status === 'error') {
    const message = escapeXml(`not run: ${test.error ?? 'unknown reason'}`);
    return `    <testcase ${attributes}>\n      <error message="${message}" type="NotRun">${message}</error>\n    </testcase>`;
  }
  const first = test.failures[0]?.mismatches[0];
  const message = escapeXml(
    first === undefined ? 'failed' : `${first.path}${first.message ? `: ${first.message}` : ''}`,
  );
  const body = escapeXml(test.failures.map((f) => formatFailure(f)).join(''));
  return `    <testcase ${attributes}>\n      <failure message="${message}" type="ExpectationFailed">${body}</failure>\n    </testcase>`;
}

function formatDiagnosticSuite(report: RunReport): { xml: string; count: number } | undefined {
  const byFile = new Map<string, Diagnostic[]>();
  for (const d of report.diagnostics.filter((d) => d.severity === 'error'))
    byFile.set(d.file, [...(byFile.get(d.file) ?? []), d]);
  if (byFile.size === 0) return undefined;
  const cases = [...byFile].map(([file, diagnostics]) => {
    const body = escapeXml(formatHuman(diagnostics, report.sources, { color: false }));
    const message = escapeXml(
      `${diagnostics.length} error${diagnostics.length === 1 ? '' : 's'}: ${diagnostics[0]!.code}`,
    );
    return `    <testcase name="${escapeXml(file)}" classname="rulehook diagnostics">\n      <error message="${message}" type="Diagnostics">${body}</error>\n    </testcase>`;
  });
  const head = `  <testsuite name="rulehook diagnostics" tests="${cases.length}" failures="0" errors="${cases.length}" skipped="0">`;
  return { xml: [head, ...cases, '  </testsuite>'].join('\n'), count: cases.length };
}

const COVERAGE_SUITE = 'rulehook coverage';
const COVERAGE_CASE = 'every enabled rule fires (--require-coverage)';

function formatCoverageSuite(report: RunReport): { xml: string; failures: 0 | 1 } | undefined {
  const requirement = checkCoverageRequirement(report);
  if (requirement === undefined) return undefined;
  const attributes = `name="${escapeXml(COVERAGE_CASE)}" classname="${COVERAGE_SUITE}"`;
  const failures = requirement.met ? 0 : 1;
  const head = `  <testsuite name="${COVERAGE_SUITE}" tests="1" failures="${failures}" errors="0" skipped="0">`;
  if (requirement.met)
    return { xml: [head, `    <testcase ${attributes}/>`, '  </testsuite>'].join('\n'), failures };
  const message = escapeXml(describeUnmetRequirement(requirement));
  const body = escapeXml(
    `never fired:\n${requirement.neverFired.map((rule) => `  ${rule.rule}  [${describeRuleLocation(rule)}]\n`).join('')}`,
  );
  const testcase = `    <testcase ${attributes}>\n      <failure message="${message}" type="CoverageRequirement">${body}</failure>\n    </testcase>`;
  return { xml: [head, testcase, '  </testsuite>'].join('\n'), failures };
}
