import { createLineIndex } from '../../diagnostics/line-index';
import { yamlLines } from '../../../test/fixtures/rules/diagnose';
import { parseCatalog } from './parse-catalog';

const positions = (text: string) => {
  const lines = createLineIndex(text);
  const { diagnostics } = parseCatalog('catalog.yaml', text);
  diagnostics.sort((a, b) => a.range!.start - b.range!.start);
  return diagnostics.map((d) => {
    const { line, col } = lines.positionAt(d.range!.start);
    return `${d.code} ${line}:${col}`;
  });
};

describe('catalog variables', () => {
  it('keeps the list form exactly as before: names only, no declarations', () => {
    const parsed = parseCatalog('catalog.yaml', 'variables: [person.id, "verify.*", 12]\n');
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.catalog!.spec).toEqual({ variables: ['person.id', 'verify.*', '12'] });
  });

  it("reads the mapping form as names plus each one's declaration", () => {
    const parsed = parseCatalog(
      'catalog.yaml',
      yamlLines(
        'variables:',
        '  verify.decision:',
        '    description: The verdict.',
        '    values:',
        '      MATCH: The voice is the claimed customer.',
        '      MISMATCH:',
        '  verify.score: { kind: number }',
        '  person.optIn: { kind: yes-no }',
        '  person.id: { pattern: "^[0-9]{8}$" }',
        '  risk.level: { values: [LOW, HIGH, 1] }',
        '  "custom.*":',
        '  call.ani: { description: The caller number }',
      ),
    );
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.catalog!.spec.variables).toEqual([
      'verify.decision',
      'verify.score',
      'person.optIn',
      'person.id',
      'risk.level',
      'custom.*',
      'call.ani',
    ]);
    expect(parsed.catalog!.spec.declarations).toEqual([
      {
        name: 'verify.decision',
        kind: 'text',
        description: 'The verdict.',
        values: [
          { value: 'MATCH', description: 'The voice is the claimed customer.' },
          { value: 'MISMATCH' },
        ],
      },
      { name: 'verify.score', kind: 'number' },
      { name: 'person.optIn', kind: 'yes-no' },
      { name: 'person.id', kind: 'text', pattern: '^[0-9]{8}$' },
      { name: 'risk.level', kind: 'text', values: [{ value: 'LOW' }, { value: 'HIGH' }, { value: '1' }] },
      { name: 'custom.*' },
      { name: 'call.ani', description: 'The caller number' },
    ]);
  });

  it('reports a declaration that cannot work at its line and column, and loads no catalog', () => {
    const text = yamlLines(
      'variables:',
      '  a: { kind: numbr }',
      '  b: { kind: number, values: [ONE] }',
      '  c: { values: [X], pattern: "^X$" }',
      '  d: { pattern: "(?=x)" }',
      '  e: { values: [] }',
      '  f: { values: {} }',
      '  "g.@(x)":',
      '  h: { kind: yes-no, pattern: "^t" }',
    );
    expect(positions(text)).toEqual([
      'INVALID_VALUE 2:14',
      'INVALID_VALUE 3:22',
      'INVALID_VALUE 4:21',
      'REGEX_UNSUPPORTED 5:18',
      'INVALID_VALUE 6:16',
      'INVALID_VALUE 7:16',
      'GLOB_UNSUPPORTED 8:6',
      'INVALID_VALUE 9:22',
    ]);
    const parsed = parseCatalog('catalog.yaml', text);
    expect(parsed.catalog).toBeUndefined();
    expect(parsed.diagnostics.find((d) => d.message.includes('numbr'))).toMatchObject({
      suggestion: 'number',
    });
    expect(parsed.diagnostics.find((d) => d.message.includes("'b'"))!.message).toBe(
      "'values' is for text variables, and 'b' is declared as a number: remove 'values', or make its kind text",
    );
  });
});
