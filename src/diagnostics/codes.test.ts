import { ALL_CODES, DIAGNOSTIC_CODES } from './codes';
import { createDiagnostic, dedupeDiagnostics, sortDiagnostics } from './create-diagnostic';
import type { Diagnostic } from './diagnostic';

describe('the code registry', () => {
  it('names codes in UPPER_SNAKE case, each with a severity and a one-line summary', () => {
    for (const code of ALL_CODES) {
      expect(code).toMatch(/^[A-Z]+(_[A-Z]+)*$/);
      const info = DIAGNOSTIC_CODES[code];
      expect(['error', 'warning']).toContain(info.severity);
      expect(info.summary).toMatch(/^\S.*\.$/);
      expect(info.summary).not.toContain('\n');
    }
  });

  it('makes catalog mismatches warnings, except a missing required parameter', () => {
    expect(DIAGNOSTIC_CODES.UNKNOWN_EVENT.severity).toBe('warning');
    expect(DIAGNOSTIC_CODES.MISSING_ACTION_PARAMETER.severity).toBe('error');
    expect(DIAGNOSTIC_CODES.MISPLACED_WILDCARD.severity).toBe('error');
    expect(DIAGNOSTIC_CODES.VALUES_TO_IGNORE_UNSUPPORTED.severity).toBe('warning');
  });

  it("is the type of a diagnostic's code: the compiler refuses any other text", () => {
    // `npm run typecheck` fails on this line if Diagnostic.code widens to string (an unused expect-error).
    // @ts-expect-error: NOT_A_CODE is not in the registry.
    const unregistered: Diagnostic = { code: 'NOT_A_CODE', severity: 'error', message: 'm', file: 'f' };
    expect(ALL_CODES).not.toContain(unregistered.code);
  });
});

describe('createDiagnostic', () => {
  it('uses the registered severity and leaves absent details out', () => {
    expect(createDiagnostic('NO_RULE_FILES', 'rules', 'm')).toEqual({
      code: 'NO_RULE_FILES',
      severity: 'warning',
      message: 'm',
      file: 'rules',
    });
  });

  it('keeps a range and a suggestion when given', () => {
    const d = createDiagnostic('UNKNOWN_KEY', 'a.yaml', 'm', {
      range: { start: 1, end: 3 },
      suggestion: 'id',
    });
    expect(d).toMatchObject({ severity: 'error', range: { start: 1, end: 3 }, suggestion: 'id' });
  });
});

describe('sortDiagnostics and dedupeDiagnostics', () => {
  const at = (file: string, start?: number) =>
    createDiagnostic(
      'YAML_SYNTAX',
      file,
      `${file}@${start}`,
      start === undefined ? {} : { range: { start, end: start } },
    );

  it('orders by the given file order, then position; unknown files and rangeless first', () => {
    const sorted = sortDiagnostics([at('b', 5), at('a', 9), at('b', 1), at('a'), at('missing')], ['a', 'b']);
    expect(sorted.map((d) => d.message)).toEqual(['missing@undefined', 'a@undefined', 'a@9', 'b@1', 'b@5']);
  });

  it('drops exact repeats only', () => {
    const deduped = dedupeDiagnostics([at('a', 1), at('a', 1), at('a', 2)]);
    expect(deduped.map((d) => d.message)).toEqual(['a@1', 'a@2']);
  });
});
