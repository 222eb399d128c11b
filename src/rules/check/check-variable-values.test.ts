import { diagnose, runPipeline, yamlLines } from '../../../test/fixtures/rules/diagnose';

const CATALOG = yamlLines(
  'variables:',
  '  verify.decision:',
  '    values:',
  '      MATCH: The voice is the claimed customer.',
  '      MISMATCH: The voice is someone else.',
  '      UNCERTAIN:',
  '  verify.score: { kind: number }',
  '  person.optIn: { kind: yes-no }',
  '  person.id: { pattern: "^[0-9]{8}$" }',
  '  call.notes: { kind: text }',
  '  "risk.*": { values: [LOW, HIGH] }',
  '  risk.reason:',
  '  custom.tier: { description: any text }',
);

const rule = (...lines: string[]) => yamlLines('ruleset: a', 'rules:', '  - id: r', ...lines);
const setOnly = '    then: { set: { risk.reason: x } }';

describe('values against the catalog', () => {
  it('accepts allowed values, numbers, yes/no, pattern matches and undeclared variables', () => {
    const text = rule(
      '    if:',
      '      all:',
      '        - { var: verify.decision, in: [MATCH, UNCERTAIN] }',
      '        - { var: verify.decision, not_equals: MISMATCH }',
      '        - { var: verify.score, lt: 0.35 }',
      '        - { var: person.optIn, equals: "true" }',
      '        - { var: person.id, equals: "12345678" }',
      '        - { var: risk.level, equals: HIGH }',
      '        - { var: risk.reason, equals: anything }',
      '        - { var: custom.tier, gt: 3 }',
      '    then: { set: { risk.level: LOW, person.optIn: false, verify.score: "0.5", risk.reason: "${verify.decision}" } }',
    );
    expect(diagnose(text, CATALOG)).toEqual([]);
  });

  it('warns about an equals value outside the enum: the condition can never hold, did you mean', () => {
    const text = rule('    if: { var: verify.decision, equals: MISTMATCH }', setOnly);
    expect(diagnose(text, CATALOG)).toEqual(['VALUE_NOT_ALLOWED 4:41']);
    expect(runPipeline(text, CATALOG)[0]).toMatchObject({
      severity: 'warning',
      suggestion: 'MISMATCH',
      message:
        "'MISTMATCH' is not a value of 'verify.decision': the catalog allows only MATCH, MISMATCH, UNCERTAIN, so this condition can never hold",
    });
  });

  it('suggests the value that differs only in case, and says values are compared exactly', () => {
    const text = rule('    if: { var: verify.decision, not_equals: match }', setOnly);
    const [found] = runPipeline(text, CATALOG);
    expect(diagnose(text, CATALOG)).toEqual(['VALUE_NOT_ALLOWED 4:45']);
    expect(found).toMatchObject({ suggestion: 'MATCH' });
    expect(found!.message).toContain('(compared exactly, case included), so this condition always holds');
  });

  it('reports each item of in that is not allowed, and says when none can match', () => {
    const text = rule(
      '    if:',
      '      any:',
      '        - { var: verify.decision, in: [MATCH, MISMACH] }',
      '        - { var: risk.level, in: [hgih] }',
      '        - { var: verify.decision, not_in: { list: bad } }',
      setOnly,
    );
    const withList = text.replace('rules:', 'lists:\n  bad: [MISMATCH, UNKNOWN]\nrules:');
    expect(diagnose(withList, CATALOG)).toEqual([
      'VALUE_NOT_ALLOWED 3:19',
      'VALUE_NOT_ALLOWED 8:47',
      'VALUE_NOT_ALLOWED 9:35',
    ]);
    const messages = runPipeline(withList, CATALOG).map((d) => [d.message, d.suggestion]);
    expect(messages[0]![0]).toContain(
      "so this item excludes nothing (in the list 'bad', compared with 'verify.decision')",
    );
    expect(messages[1]).toEqual([expect.stringContaining('so this item never matches'), 'MISMATCH']);
    expect(messages[2]).toEqual([expect.stringContaining('so this condition can never hold'), 'HIGH']);
  });

  it('checks numbers, yes/no and patterns', () => {
    const text = rule(
      '    if:',
      '      all:',
      '        - { var: verify.score, equals: high }',
      '        - { var: person.optIn, equals: "yes" }',
      '        - { var: person.id, equals: abc }',
      setOnly,
    );
    expect(diagnose(text, CATALOG)).toEqual([
      'VALUE_NOT_ALLOWED 6:40',
      'VALUE_NOT_ALLOWED 7:40',
      'VALUE_NOT_ALLOWED 8:37',
    ]);
    const found = runPipeline(text, CATALOG);
    expect(found.map((d) => d.suggestion)).toEqual([undefined, 'true', undefined]);
    expect(found[2]!.message).toContain('it does not match the pattern ^[0-9]{8}$ the catalog gives it');
  });

  it('warns about a number comparison on a variable declared as text or yes/no', () => {
    const text = rule(
      '    if:',
      '      any:',
      '        - { var: verify.decision, lt: 0.5 }',
      '        - { var: person.optIn, gte: 1 }',
      '        - { var: call.notes, gt: 2 }',
      setOnly,
    );
    expect(diagnose(text, CATALOG)).toEqual([
      'NUMBER_COMPARISON_ON_TEXT 6:35',
      'NUMBER_COMPARISON_ON_TEXT 7:32',
      'NUMBER_COMPARISON_ON_TEXT 8:30',
    ]);
    const messages = runPipeline(text, CATALOG).map((d) => d.message);
    expect(messages[0]).toBe(
      "'lt' compares numbers, and the catalog declares 'verify.decision' as text (one of MATCH, MISMATCH, UNCERTAIN): none of its values is a number, so this condition can never hold",
    );
    expect(messages[2]).toContain("if 'call.notes' holds numbers, declare it with kind: number");
  });

  it('warns about a set of a value the variable cannot take, skipping templates', () => {
    const text = rule(
      '    then:',
      '      set:',
      '        risk.level: hgih',
      '        verify.score: "0,35"',
      '        person.optIn: "${person.optIn}"',
      '        verify.decision: "$$MATCH"',
    );
    expect(diagnose(text, CATALOG)).toEqual([
      'SET_VALUE_NOT_ALLOWED 6:21',
      'SET_VALUE_NOT_ALLOWED 7:23',
      'SET_VALUE_NOT_ALLOWED 9:26',
    ]);
    const found = runPipeline(text, CATALOG);
    expect(found[0]).toMatchObject({
      severity: 'warning',
      suggestion: 'HIGH',
      message:
        "this rule sets 'risk.level' to 'hgih', which is not a value of 'risk.level': the catalog allows only LOW, HIGH",
    });
    expect(found[1]!.message).toContain('the catalog declares it as a number');
  });

  it('checks nothing with a list catalog: old catalogs behave as before', () => {
    const text = rule(
      '    if: { any: [ { var: verify.decision, equals: MISTMATCH }, { var: verify.decision, lt: 1 } ] }',
      '    then: { set: { verify.decision: hgih } }',
    );
    expect(diagnose(text, 'variables: [verify.decision]\n')).toEqual([]);
    expect(diagnose(text, 'variables: { verify.decision: }\n')).toEqual([]);
  });
});
