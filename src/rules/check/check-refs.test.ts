import { diagnose, runPipeline, yamlLines } from '../../../test/fixtures/rules/diagnose';

const withConditions = (conditions: string[], condition: string) =>
  yamlLines(
    'ruleset: a',
    'conditions:',
    ...conditions.map((c) => `  ${c}`),
    'rules:',
    '  - id: r',
    `    if: ${condition}`,
    '    then: { set: { a: b } }',
  );

describe('refs', () => {
  it('accepts refs to named conditions, including chains', () => {
    expect(
      diagnose(withConditions(['gold: { var: t, equals: g }', 'vip: { ref: gold }'], '{ ref: vip }')),
    ).toEqual([]);
  });

  it('reports an unknown ref with a suggestion among the named conditions', () => {
    const [d] = runPipeline(withConditions(['gold: { var: t, equals: g }'], '{ ref: gld }'));
    expect(d).toMatchObject({ code: 'UNKNOWN_REF', suggestion: 'gold' });
    expect(d!.message).toContain('named conditions: gold');
  });

  it('reports an unknown ref in a ruleset without conditions', () => {
    const text = yamlLines(
      'ruleset: a',
      'rules:',
      '  - id: r',
      '    if: { ref: x }',
      '    then: { set: { a: b } }',
    );
    expect(runPipeline(text)[0]!.message).toContain('this ruleset has no conditions');
  });

  it('reports each cycle once, at the ref that closes it', () => {
    const text = withConditions(
      ['a: { ref: b }', 'b: { not: { ref: c } }', 'c: { any: [ { ref: a } ] }', 'self: { ref: self }'],
      '{ ref: a }',
    );
    expect(diagnose(text)).toEqual(['REF_CYCLE 5:22', 'REF_CYCLE 6:16']);
    expect(runPipeline(text)[0]!.message).toContain('a → b → c → a');
    expect(runPipeline(text)[1]!.message).toContain('self → self');
  });
});
