import { diagnose, runPipeline, yamlLines } from '../../../test/fixtures/rules/diagnose';

const ruleFile = (condition: string, conditions: string[] = []) =>
  yamlLines(
    'ruleset: a',
    ...(conditions.length ? ['conditions:', ...conditions.map((c) => `  ${c}`)] : []),
    'rules:',
    '  - id: r',
    `    if: ${condition}`,
    '    then: { set: { a: b } }',
  );
/** `not` around a leaf `levels - 1` times: a condition `levels` levels deep. */
const nots = (levels: number) =>
  `${'{ not: '.repeat(levels - 1)}{ var: a, equals: b }${' }'.repeat(levels - 1)}`;

describe('condition limits', () => {
  it('accepts a condition 64 levels deep', () => {
    expect(diagnose(ruleFile(nots(64)))).toEqual([]);
  });

  it('reports a condition 65 levels deep at the first level past the limit, with the total depth', () => {
    const [d] = runPipeline(ruleFile(nots(70)));
    expect(d).toMatchObject({ code: 'CONDITION_TOO_DEEP' });
    expect(d!.message).toBe(
      'conditions are nested 70 levels deep here (all, any, not and ref each add a level; refs are followed); at most 64 levels are allowed',
    );
    expect(diagnose(ruleFile(nots(70)))).toEqual([`CONDITION_TOO_DEEP 4:${9 + 64 * 7}`]);
  });

  it('follows refs: shallow named conditions can chain into a deep one', () => {
    // c0 is a leaf; c_i = not: ref c_{i-1}, two levels per link.
    const named = ['c0: { var: a, equals: b }'];
    for (let i = 1; i <= 40; i++) named.push(`c${i}: { not: { ref: c${i - 1} } }`);
    // c32 is 65 levels deep: reported at its ref; c33... and the rule are deep only through it.
    const diagnostics = runPipeline(ruleFile('{ ref: c40 }', named));
    expect(diagnose(ruleFile('{ ref: c40 }', named))).toEqual(['CONDITION_TOO_DEEP 35:22']);
    expect(diagnostics[0]!.message).toContain('nested 65 levels deep');
  });

  it('follows a chain of thousands of refs without overflowing the stack', () => {
    const named = ['c0: { var: a, equals: b }'];
    for (let i = 1; i <= 20_000; i++) named.push(`c${i}: { ref: c${i - 1} }`);
    const diagnostics = runPipeline(ruleFile('{ ref: c20000 }', named));
    expect(diagnostics.map((d) => d.code)).toEqual(['CONDITION_TOO_DEEP']);
    expect(diagnostics[0]!.message).toContain('nested 65 levels deep');
  });

  it('counts each ref as the whole named condition: doubling refs are too large', () => {
    const named = ['c0: { any: [ { var: a, equals: x }, { var: b, equals: y } ] }'];
    for (let i = 1; i <= 20; i++) named.push(`c${i}: { all: [ { ref: c${i - 1} }, { ref: c${i - 1} } ] }`);
    const text = ruleFile('{ ref: c20 }', named);
    // c11 is the first over 10,000 parts, reported at its name; c12... and the rule are large only through it.
    expect(diagnose(text)).toEqual(['CONDITION_TOO_LARGE 14:3']);
    expect(runPipeline(text)[0]!.message).toBe(
      'this condition has 12,285 parts (conditions and leaves, each ref counted as the whole named condition, as evaluating it does); at most 10,000 are allowed',
    );
  });

  it('reports a loop of refs only as REF_CYCLE', () => {
    const codes = diagnose(ruleFile('{ ref: x }', ['x: { not: { ref: y } }', 'y: { ref: x }']));
    expect(codes.map((c) => c.split(' ')[0])).toEqual(['REF_CYCLE']);
  });
});
