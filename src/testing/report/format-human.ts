import { formatDiagnostics } from '../../diagnostics/format-report';
import { paint, type Style } from '../../terminal/style';
import { checkCoverageRequirement, describeUnmetRequirement } from '../coverage/check-coverage-requirement';
import type { RunReport, TestReport } from '../run/test-report';
import { formatCoverage } from './format-coverage';
import { formatFailure } from './format-failure';

export interface HumanOptions {
  color: boolean;
  /** The --filter given, to say so when it matched nothing. */
  filter?: string;
}

const tint = (color: boolean, style: Style) => (text: string) => paint(text, style, color);

/**
 * The run for people: diagnostics first (exactly as `rulehook validate` prints
 * them), then each file with its tests (failures with their diffs and why),
 * coverage when asked, and last, alone on its line, `N passed, N failed` (and whether a coverage
 * requirement failed).
 */
export function formatHumanReport(report: RunReport, options: HumanOptions): string {
  const green = tint(options.color, 'green');
  const red = tint(options.color, 'red');
  const yellow = tint(options.color, 'yellow');
  const parts: string[] = [];
  if (report.diagnostics.length > 0)
    parts.push(
      formatDiagnostics(report.diagnostics, report.sources, { format: 'human', color: options.color }),
    );
  for (const file of report.files) {
    if (file.tests.length === 0) continue;
    const lines = [file.file];
    for (const test of file.tests) lines.push(formatTest(test, { green, red, yellow }));
    parts.push(`${lines.join('\n')}\n`);
  }
  if (report.coverage) parts.push(formatCoverage(report.coverage));
  if (report.noMatch) parts.push(`no test matches --filter ${JSON.stringify(options.filter ?? '')}\n`);
  parts.push(`${formatSummary(report)}\n`);
  return parts.join('\n');
}

/**
 * The summary line CI reads: `12 passed, 0 failed`; when `--require-coverage` is not met, followed by
 * `; coverage requirement failed: 1 enabled rule never fired (basic/unused)`, so that a line saying
 * nothing failed never ends a failed run.
 */
export function formatSummary(
  report: Pick<RunReport, 'passed' | 'failed' | 'coverage' | 'coverageRequired'>,
): string {
  const counts = `${report.passed} passed, ${report.failed} failed`;
  const requirement = checkCoverageRequirement(report);
  return requirement === undefined || requirement.met
    ? counts
    : `${counts}; ${describeUnmetRequirement(requirement)}`;
}

type Paints = Record<'green' | 'red' | 'yellow', (text: string) => string>;

function formatTest(test: TestReport, paints: Paints): string {
  const at = test.line === undefined ? '' : `  (${test.file}:${test.line}:${test.col})`;
  if (test.status === 'passed') return `  ${paints.green('✓')} ${test.name}`;
  if (test.status === 'error')
    return `  ${paints.yellow('!')} ${test.name}${at}\n      not run: ${test.error ?? 'unknown reason'}`;
  const failures = test.failures.map((f) => formatFailure(f, '      ').trimEnd());
  return [`  ${paints.red('✗')} ${test.name}${at}`, ...failures].join('\n');
}
