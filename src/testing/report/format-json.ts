import { toJsonDiagnostics } from '../../diagnostics/format-json';
import { checkCoverageRequirement } from '../coverage/check-coverage-requirement';
import { ABSENT } from '../expect/compare';
import type { ReportedMismatch, RunReport, TestReport } from '../run/test-report';

/**
 * The run as one JSON object, for scripts and CI (documented in docs/testing.md):
 * `{ summary, diagnostics, files: [{ file, tests: [...] }], coverage? }`. In a
 * mismatch, `expected` or `actual` is left out when that value is absent. With
 * `--require-coverage`, `summary.coverageRequirement` says whether it was met.
 */
export function formatJsonReport(report: RunReport): string {
  const tests = report.files.flatMap((f) => f.tests);
  const summary: Record<string, unknown> = {
    tests: tests.length,
    passed: report.passed,
    failed: report.failed,
    files: report.files.length,
  };
  const requirement = checkCoverageRequirement(report);
  if (requirement !== undefined)
    summary.coverageRequirement = {
      met: requirement.met,
      neverFired: requirement.neverFired.map((rule) => rule.rule),
    };
  const object: Record<string, unknown> = {
    summary,
    diagnostics: toJsonDiagnostics(report.diagnostics, report.sources),
    files: report.files.map((f) => ({ file: f.file, tests: f.tests.map(toJsonTest) })),
  };
  if (report.noMatch) object.noMatch = true;
  if (report.coverage) object.coverage = report.coverage;
  return `${JSON.stringify(object, null, 2)}\n`;
}

function toJsonTest(test: TestReport): Record<string, unknown> {
  const out: Record<string, unknown> = {
    name: test.name,
    file: test.file,
    line: test.line ?? null,
    col: test.col ?? null,
  };
  out.status = test.status;
  if (test.error !== undefined) out.error = test.error;
  out.events = test.events;
  out.failures = test.failures.map((f) => ({
    event: f.index + 1,
    name: f.event,
    mismatches: f.mismatches.map(toJsonMismatch),
    why: f.notes,
  }));
  return out;
}

function toJsonMismatch(m: ReportedMismatch): Record<string, unknown> {
  const out: Record<string, unknown> = { path: m.path, location: m.location ?? null };
  if (m.message !== undefined) out.message = m.message;
  if (m.expected !== ABSENT) out.expected = m.expected;
  if (m.actual !== ABSENT) out.actual = m.actual;
  return out;
}
