import { formatHuman } from '../../diagnostics/format-human';
import type { Diagnostic } from '../../diagnostics/diagnostic';
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
 * suite, `rulehook diagnostics`, one test case per file.
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
  const tests = report.files.reduce((n, f) => n + f.tests.length, 0) + (diagnostics?.count ?? 0);
  const failures = report.files.flatMap((f) => f.tests).filter((t) => t.status === 'failed').length;
  const errors = report.failed - failures + (diagnostics?.count ?? 0);
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
