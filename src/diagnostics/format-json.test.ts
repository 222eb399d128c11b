import { createDiagnostic } from './create-diagnostic';
import { formatJson, toJsonDiagnostics } from './format-json';

const SOURCES = new Map([['a.yaml', 'ruleset: a\nrules:\n  - id: x\n']]);

describe('toJsonDiagnostics', () => {
  it('gives 1-based positions with an exclusive end, and the suggestion', () => {
    const d = createDiagnostic('UNKNOWN_REF', 'a.yaml', 'm', {
      range: { start: 26, end: 27 },
      suggestion: 'y',
    });
    expect(toJsonDiagnostics([d], SOURCES)).toEqual([
      {
        code: 'UNKNOWN_REF',
        severity: 'error',
        message: 'm',
        file: 'a.yaml',
        line: 3,
        col: 9,
        endLine: 3,
        endCol: 10,
        suggestion: 'y',
      },
    ]);
  });

  it('positions a related location like the diagnostic itself', () => {
    const d = createDiagnostic('DUPLICATE_RULE_ID', 'a.yaml', 'm', {
      range: { start: 26, end: 27 },
      related: { file: 'a.yaml', range: { start: 0, end: 7 }, message: 'first defined here' },
    });
    expect(toJsonDiagnostics([d], SOURCES)[0]!.related).toEqual({
      file: 'a.yaml',
      message: 'first defined here',
      line: 1,
      col: 1,
      endLine: 1,
      endCol: 8,
    });
  });

  it('uses null positions for whole-file problems and omits an absent suggestion', () => {
    const [json] = toJsonDiagnostics([createDiagnostic('FILE_NOT_FOUND', 'b.yaml', 'm')], SOURCES);
    expect(json).toEqual({
      code: 'FILE_NOT_FOUND',
      severity: 'error',
      message: 'm',
      file: 'b.yaml',
      line: null,
      col: null,
      endLine: null,
      endCol: null,
    });
    expect(json).not.toHaveProperty('suggestion');
  });

  it('formats as a JSON array', () => {
    const text = formatJson(
      [createDiagnostic('EMPTY_FILE', 'a.yaml', 'm', { range: { start: 0, end: 0 } })],
      SOURCES,
    );
    expect(JSON.parse(text)).toMatchObject([{ code: 'EMPTY_FILE', line: 1, col: 1, endLine: 1, endCol: 1 }]);
  });
});
