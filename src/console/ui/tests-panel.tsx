import { formatJson } from './format-json';

/** `rulehook test --format json`, the parts the page shows (docs/testing.md has every field). */
export interface TestReport {
  summary?: { tests: number; passed: number; failed: number; files: number };
  files?: { file: string; tests: TestCase[] }[];
  coverage?: { rules?: CoveredRule[]; neverFired?: string[] };
  noMatch?: boolean;
}

interface TestCase {
  name: string;
  file: string;
  line: number;
  col: number;
  status: 'passed' | 'failed' | 'error';
  error?: string;
  failures?: { event: number; name: string; mismatches: Mismatch[]; why?: string[] }[];
}

interface Mismatch {
  path: string;
  location?: string;
  message?: string;
  expected?: unknown;
  actual?: unknown;
}

interface CoveredRule {
  rule: string;
  file: string;
  line: number;
  col: number;
}

interface Props {
  report: TestReport;
  onGoto: (file: string, line: number, col: number) => void;
}

/** The scenario tests' outcome: the failures, each opening its test, and the rules no test fired. */
export function TestsPanel({ report, onGoto }: Props) {
  const failed = (report.files ?? []).flatMap((f) => f.tests).filter((t) => t.status !== 'passed');
  const neverFired = report.coverage?.neverFired ?? [];
  const where = (rule: string) => report.coverage?.rules?.find((r) => r.rule === rule);
  return (
    <section class="tests-panel" aria-label="tests" data-testid="tests">
      <h2>Tests</h2>
      {report.summary !== undefined && (
        <p
          class={report.summary.failed === 0 ? 'passed' : 'failed'}
          data-testid="tests-summary"
          data-tests={report.summary.tests}
          data-passed={report.summary.passed}
          data-failed={report.summary.failed}
        >
          {report.summary.passed} of {report.summary.tests} passed in {report.summary.files} files
        </p>
      )}
      <ul class="test-failures" data-testid="test-failures">
        {failed.map((test) => (
          <li key={`${test.file}:${test.line}:${test.name}`} data-test={test.name} data-status={test.status}>
            <button type="button" onClick={() => onGoto(test.file, test.line, test.col)}>
              ✗ {test.name} <span class="place">{`${test.file}:${test.line}`}</span>
            </button>
            {test.error !== undefined && <p>{test.error}</p>}
            {(test.failures ?? []).map((failure) => (
              <div class="failure" key={failure.event}>
                <p>
                  event {failure.event} ({failure.name})
                </p>
                {failure.mismatches.map((m) => (
                  <pre key={m.path} data-path={m.path}>
                    {`${m.path}${m.message ? `: ${m.message}` : ''}\n  expected: ${formatJson(m.expected)}\n  actual:   ${formatJson(m.actual)}`}
                  </pre>
                ))}
                {failure.why !== undefined && <pre class="why">{failure.why.join('\n')}</pre>}
              </div>
            ))}
          </li>
        ))}
      </ul>
      {neverFired.length > 0 && (
        <div class="never-fired">
          <h3>Rules no test fired</h3>
          <ul data-testid="never-fired">
            {neverFired.map((rule) => {
              const at = where(rule);
              return (
                <li key={rule} data-rule={rule}>
                  <button
                    type="button"
                    disabled={at === undefined}
                    onClick={() => at && onGoto(at.file, at.line, at.col)}
                  >
                    {rule}
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </section>
  );
}
