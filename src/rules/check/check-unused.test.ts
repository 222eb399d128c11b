import { diagnose, runPipeline, yamlLines } from '../../../test/fixtures/rules/diagnose';

const ruleset = (...lines: string[]) => yamlLines('ruleset: a', ...lines);

describe('unused named conditions and lists', () => {
  it('accepts conditions and lists used from when, a rule (even disabled) or a used named condition', () => {
    const text = ruleset(
      'when: { ref: line }',
      'lists: { risky: [A], calm: [B] }',
      'conditions:',
      '  line: { var: custom.line, in: { list: calm } }',
      '  gold: { var: custom.tier, equals: gold }',
      '  vip: { all: [ { ref: gold }, { var: r, not_in: { list: risky } } ] }',
      'rules:',
      '  - id: r',
      '    enabled: false',
      '    if: { not: { ref: vip } }',
      '    then: { set: { a: b } }',
    );
    expect(diagnose(text)).toEqual([]);
  });

  it('warns about a named condition and a list nothing uses, at their names', () => {
    const text = ruleset(
      'lists: { risky: [A] }',
      'conditions:',
      '  gold: { var: custom.tier, equals: gold }',
      'rules:',
      '  - id: r',
      '    if: { var: x, in: { list: risk } }',
      '    then: { set: { a: b } }',
    );
    expect(diagnose(text)).toEqual(['UNUSED_LIST 2:10', 'UNUSED_CONDITION 4:3', 'UNKNOWN_LIST 7:31']);
    const [list, condition] = runPipeline(text);
    expect(list).toMatchObject({ severity: 'warning' });
    expect(list!.message).toBe(
      "nothing uses the list 'risky': no 'in: { list: risky }' or 'not_in: { list: risky }'",
    );
    expect(condition!.message).toBe(
      "nothing uses the named condition 'gold': no 'ref: gold' in 'when', in a rule's 'if' or in a named condition",
    );
  });

  it('reports at once what only unused named conditions refer to, even in a loop', () => {
    const text = ruleset(
      'lists: { risky: [A] }',
      'conditions:',
      '  outer: { ref: inner }',
      '  inner: { var: x, in: { list: risky } }',
      '  loop: { ref: loop }',
      'rules:',
      '  - id: r',
      '    then: { set: { a: b } }',
    );
    const diagnostics = runPipeline(text);
    expect(diagnostics.map((d) => d.code)).toEqual([
      'UNUSED_LIST',
      'UNUSED_CONDITION',
      'UNUSED_CONDITION',
      'UNUSED_CONDITION',
      'REF_CYCLE',
    ]);
    expect(diagnostics[0]!.message).toBe(
      "the list 'risky' is used only in named conditions that nothing uses",
    );
    expect(diagnostics[2]!.message).toBe(
      "the named condition 'inner' is referred to only from named conditions that nothing uses",
    );
  });

  it('follows a chain of thousands of named conditions once each', () => {
    const named = Array.from({ length: 5_000 }, (_, i) => `  c${i}: { ref: c${i + 1} }`);
    const text = ruleset(
      'conditions:',
      ...named,
      '  c5000: { var: x, exists: true }',
      'rules:',
      '  - id: r',
      '    if: { ref: c0 }',
      '    then: { set: { a: b } }',
    );
    expect(diagnose(text).filter((d) => d.startsWith('UNUSED'))).toEqual([]);
  });
});
