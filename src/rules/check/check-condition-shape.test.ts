import { diagnose, runPipeline, yamlLines } from '../../../test/fixtures/rules/diagnose';

const withIf = (condition: string) =>
  yamlLines('ruleset: a', 'rules:', '  - id: r', `    if: ${condition}`, '    then: { set: { a: b } }');

describe('condition shapes', () => {
  it('accepts one kind per condition and one operator per leaf', () => {
    expect(diagnose(withIf('{ all: [ { var: a, equals: b }, { not: { ref: c } } ] }'))).toEqual([
      'UNKNOWN_REF 4:55',
    ]);
  });

  it('reports a leaf without an operator', () => {
    expect(diagnose(withIf('{ var: a }'))).toEqual(['MISSING_OPERATOR 4:9']);
  });

  it('does not also report a missing operator when the operator is misspelled', () => {
    expect(diagnose(withIf('{ var: a, equls: b }'))).toEqual(['UNKNOWN_OPERATOR 4:19']);
  });

  it('reports two or more operators at the second one', () => {
    expect(diagnose(withIf('{ var: a, equals: b, contains: c, lt: 1 }'))).toEqual([
      'MULTIPLE_OPERATORS 4:30',
    ]);
    expect(runPipeline(withIf('{ var: a, equals: b, contains: c }'))[0]!.message).toContain(
      '2 operators (equals, contains)',
    );
  });

  it('reports an operator without var', () => {
    expect(diagnose(withIf('{ equals: b }'))).toEqual(['MISSING_KEY 4:9']);
  });

  it('reports an empty condition', () => {
    expect(diagnose(withIf('{}'))).toEqual(['MISSING_KEY 4:9']);
  });

  it('reports two kinds in one condition at the second', () => {
    expect(diagnose(withIf('{ all: [ { var: a, exists: true } ], var: b }'))).toEqual([
      'CONFLICTING_KEYS 4:46',
    ]);
    expect(diagnose(withIf('{ ref: x, equals: b }'))).toEqual(['UNKNOWN_REF 4:16', 'CONFLICTING_KEYS 4:19']);
  });

  it('checks nested conditions, `when` and named conditions too', () => {
    const text = yamlLines(
      'ruleset: a',
      'when: { var: a }',
      'conditions:',
      '  c: { not: { var: b } }',
      'rules:',
      '  - id: r',
      '    if: { any: [ { ref: c }, { all: [ { var: d } ] } ] }',
      '    then: { set: { a: b } }',
    );
    expect(diagnose(text)).toEqual([
      'MISSING_OPERATOR 2:7',
      'MISSING_OPERATOR 4:13',
      'MISSING_OPERATOR 7:39',
    ]);
  });
});
