import { createLineIndex } from '../../diagnostics';
import { parseCatalog } from '../../rules/catalog/parse-catalog';
import { checkScenarioValues } from './check-scenario-values';
import { loadScenarioFile } from './load-scenario-file';

const CATALOG = parseCatalog(
  'catalog.yaml',
  [
    'variables:',
    '  verify.decision: { values: [MATCH, MISMATCH] }',
    '  verify.score: { kind: number }',
    '  person.optIn: { kind: yes-no }',
    '  "custom.*":',
  ].join('\n'),
).catalog!.spec;

function diagnose(lines: string[], catalog = CATALOG) {
  const text = `${lines.join('\n')}\n`;
  const index = createLineIndex(text);
  const found = checkScenarioValues(loadScenarioFile('a.test.yaml', text).parsed, catalog);
  return found.map((d) => {
    const { line, col } = index.positionAt(d.range!.start);
    return { at: `${d.code} ${line}:${col}`, severity: d.severity, suggestion: d.suggestion };
  });
}

describe('checkScenarioValues', () => {
  it("reports each written variable the catalog's declaration refuses, wherever the file writes it", () => {
    const found = diagnose([
      'rules: .',
      'variables: { person.optIn: "yes" }',
      'tests:',
      '  - name: one',
      '    event: A',
      '    variables: { verify.decision: MISTMATCH, custom.tier: anything }',
      '    cases: [ { verify.score: "0,35" }, { verify.score: "0.35" } ]',
      '    expect: { fired: [] }',
      '  - name: call',
      '    events:',
      '      - event: A',
      '        variables: { verify.decision: match }',
    ]);
    expect(found).toEqual([
      { at: 'TEST_VALUE_NOT_ALLOWED 2:28', severity: 'warning', suggestion: 'true' },
      { at: 'TEST_VALUE_NOT_ALLOWED 6:35', severity: 'warning', suggestion: 'MISMATCH' },
      { at: 'TEST_VALUE_NOT_ALLOWED 7:30', severity: 'warning', suggestion: undefined },
      { at: 'TEST_VALUE_NOT_ALLOWED 12:39', severity: 'warning', suggestion: 'MATCH' },
    ]);
  });

  it('says what the catalog expects', () => {
    const text = 'rules: .\nvariables: { verify.score: high }\ntests: []\n';
    const [found] = checkScenarioValues(loadScenarioFile('a.test.yaml', text).parsed, CATALOG);
    expect(found!.message).toBe(
      "this test gives 'verify.score' the value 'high', which the engine would not send: the catalog declares it as a number",
    );
  });

  it('checks nothing without declarations (a list catalog, or none)', () => {
    const lines = ['rules: .', 'variables: { verify.score: high }', 'tests: []'];
    const list = parseCatalog('catalog.yaml', 'variables: [verify.score]').catalog!.spec;
    expect(diagnose(lines, list)).toEqual([]);
    expect(checkScenarioValues(loadScenarioFile('a.test.yaml', lines.join('\n')).parsed, undefined)).toEqual(
      [],
    );
  });
});
