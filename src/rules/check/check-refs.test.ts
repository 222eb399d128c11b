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
    const diagnostics = runPipeline(withConditions(['gold: { var: t, equals: g }'], '{ ref: gld }'));
    expect(diagnostics.map((d) => d.code)).toEqual(['UNUSED_CONDITION', 'UNKNOWN_REF']);
    const d = diagnostics[1];
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
    expect(diagnose(text)).toEqual(['REF_CYCLE 5:22', 'UNUSED_CONDITION 6:3', 'REF_CYCLE 6:16']);
    const cycles = runPipeline(text).filter((d) => d.code === 'REF_CYCLE');
    expect(cycles[0]!.message).toContain('a → b → c → a');
    expect(cycles[1]!.message).toContain('self → self');
  });

  it('finds a loop through thousands of refs, and shortens it in the message', () => {
    const named = Array.from({ length: 20_000 }, (_, i) => `c${i}: { ref: c${(i + 1) % 20_000} }`);
    const diagnostics = runPipeline(withConditions(named, '{ ref: c0 }'));
    expect(diagnostics.map((d) => d.code)).toEqual(['REF_CYCLE']);
    expect(diagnostics[0]!.message).toContain('(c0 → c1 → c2 → c3 → … → c19997 → c19998 → c19999 → c0)');
  });

  it('lists at most a dozen names in a message, and searches suggestions within the file’s budget', () => {
    const named = Array.from({ length: 30 }, (_, i) => `n${i}: { var: t, equals: g }`);
    const refs = Array.from({ length: 300 }, (_, i) => `{ ref: n${i % 30}x }`);
    const diagnostics = runPipeline(withConditions(named, `{ any: [ ${refs.join(', ')} ] }`)).filter(
      (d) => d.code === 'UNKNOWN_REF',
    );
    expect(diagnostics).toHaveLength(300);
    expect(diagnostics[0]!.message).toContain(
      'named conditions: n0, n1, n2, n3, n4, n5, n6, n7, n8, n9, n10, n11 and 18 more',
    );
    expect(diagnostics.map((d) => d.suggestion !== undefined)).toEqual([
      ...Array<boolean>(200).fill(true),
      ...Array<boolean>(100).fill(false),
    ]);
  });
});
