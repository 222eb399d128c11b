import { createDiagnostic } from './create-diagnostic';
import { formatDiagnostics, formatSummaryLine, summarizeDiagnostics } from './format-report';

const SOURCES = new Map([
  ['a.yaml', 'x: 1\n'],
  ['b.yaml', 'y: 2\n'],
]);
const DIAGNOSTICS = [
  createDiagnostic('UNKNOWN_KEY', 'a.yaml', 'unknown', { range: { start: 0, end: 1 } }),
  createDiagnostic('UNKNOWN_KEY', 'b.yaml', 'unknown', { range: { start: 0, end: 1 } }),
  createDiagnostic('UNKNOWN_EVENT', 'b.yaml', 'event', { range: { start: 3, end: 4 } }),
];

describe('summaries', () => {
  it('counts errors, warnings and files read', () => {
    expect(summarizeDiagnostics(DIAGNOSTICS, SOURCES)).toEqual({ errors: 2, warnings: 1, files: 2 });
  });

  it.each([
    [{ errors: 2, warnings: 1, files: 3 }, '2 errors, 1 warning in 3 files'],
    [{ errors: 1, warnings: 0, files: 1 }, '1 error, 0 warnings in 1 file'],
    [{ errors: 0, warnings: 2, files: 0 }, '0 errors, 2 warnings in 0 files'],
  ])('%j reads "%s"', (summary, line) => {
    expect(formatSummaryLine(summary)).toBe(line);
  });
});

describe('formatDiagnostics', () => {
  it('prints human blocks then the summary line', () => {
    const text = formatDiagnostics(DIAGNOSTICS, SOURCES, { format: 'human', color: false });
    expect(text.startsWith('a.yaml:1:1 - error UNKNOWN_KEY: unknown\n')).toBe(true);
    expect(text.endsWith('\n\n2 errors, 1 warning in 2 files\n')).toBe(true);
  });

  it('prints one JSON object with the diagnostics and the summary', () => {
    const parsed = JSON.parse(formatDiagnostics(DIAGNOSTICS, SOURCES, { format: 'json', color: true }));
    expect(parsed.summary).toEqual({ errors: 2, warnings: 1, files: 2 });
    expect(parsed.diagnostics).toHaveLength(3);
    expect(parsed.diagnostics[2]).toMatchObject({
      code: 'UNKNOWN_EVENT',
      severity: 'warning',
      line: 1,
      col: 4,
    });
  });

  it('prints only the summary when there is nothing to report', () => {
    expect(formatDiagnostics([], SOURCES, { format: 'human', color: false })).toBe(
      '0 errors, 0 warnings in 2 files\n',
    );
  });
});
