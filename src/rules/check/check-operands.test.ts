import { diagnose, runPipeline, yamlLines } from '../../../test/fixtures/rules/diagnose';

const withIf = (condition: string) =>
  yamlLines(
    'ruleset: a',
    'lists: { risky: [A] }',
    'rules:',
    '  - id: r',
    `    if: ${condition}`,
    '    then: { set: { a: b } }',
    '  - id: uses-the-list',
    '    if: { var: z, in: { list: risky } }',
    '    then: { set: { a: b } }',
  );

describe('operands', () => {
  it('accepts numbers, numeric text, valid regexes and known lists', () => {
    const condition =
      '{ all: [ { var: a, gt: 1 }, { var: b, lte: " -2.5e3 " }, { var: c, regex: "^a+$" }, { var: d, not_in: { list: risky } } ] }';
    expect(diagnose(withIf(condition))).toEqual([]);
  });

  it('reports a non-numeric operand of gt/gte/lt/lte', () => {
    expect(
      diagnose(withIf('{ any: [ { var: a, gt: abc }, { var: b, gte: "" }, { var: c, lt: .inf } ] }')),
    ).toEqual(['NON_NUMERIC_OPERAND 5:32', 'NON_NUMERIC_OPERAND 5:54', 'NON_NUMERIC_OPERAND 5:74']);
  });

  it('suggests a decimal point for a number written with a decimal comma', () => {
    const text = withIf('{ any: [ { var: a, lt: "0,35" }, { var: b, gte: "1,500" } ] }');
    expect(diagnose(text)).toEqual(['NON_NUMERIC_OPERAND 5:32', 'NON_NUMERIC_OPERAND 5:57']);
    const [decimal, thousands] = runPipeline(text);
    expect(decimal).toMatchObject({
      message:
        '\'lt\' compares numbers, and "0,35" is not a number: a number is written with a decimal point, not a comma: write 0.35',
      suggestion: '0.35',
    });
    expect(thousands!.message).toContain(
      'a number has no comma: write 1.500 for a decimal, 1500 for thousands',
    );
    expect(thousands!.suggestion).toBeUndefined();
    // A quoted number is a number to these operators: nothing to say.
    expect(diagnose(withIf('{ var: a, lt: "0.35" }'))).toEqual([]);
  });

  it('suggests what works in place of a backreference, over the text it replaces', () => {
    const text = withIf(`{ any: [ { var: a, regex: '^(\\d)\\1$' }, { var: b, regex: "x(ab)\\\\1" } ] }`);
    expect(diagnose(text)).toEqual(['REGEX_UNSUPPORTED 5:37', 'REGEX_UNSUPPORTED 5:66']);
    const [digits, escaped] = runPipeline(text);
    expect(digits).toMatchObject({
      message: expect.stringContaining('list the repeats instead: `(?:00|11|22|33|44|55|66|77|88|99)`'),
      suggestion: '(?:00|11|22|33|44|55|66|77|88|99)',
    });
    expect(digits!.range!.end - digits!.range!.start).toBe('(\\d)\\1'.length);
    // In double quotes the source doubles each backslash: the rewrite is in the message only.
    expect(escaped!.message).toContain('write `(?:ab)` in place of `\\1`');
    expect(escaped!.suggestion).toBeUndefined();
  });

  it('reports an invalid regex with the message of the RE2 parser', () => {
    const [d] = runPipeline(withIf('{ var: a, regex: "a(b" }'));
    expect(d).toMatchObject({ code: 'INVALID_REGEX' });
    expect(d!.message).toBe('missing closing ) (`a(b`)');
  });

  it('reports an unknown list at its name, with a suggestion', () => {
    const [d] = runPipeline(withIf('{ var: a, in: { list: risk } }'));
    expect(d).toMatchObject({ code: 'UNKNOWN_LIST', suggestion: 'risky' });
    expect(diagnose(withIf('{ var: a, in: { list: risk } }'))).toEqual(['UNKNOWN_LIST 5:31']);
  });

  it('warns that in: [] is never true and not_in: [] always, written or through an empty named list', () => {
    const text = yamlLines(
      'ruleset: a',
      'lists: { none: [] }',
      'rules:',
      '  - id: r',
      '    if: { any: [ { var: a, in: [] }, { var: b, not_in: [] }, { var: c, in: { list: none } } ] }',
      '    then: { set: { a: b } }',
    );
    expect(diagnose(text)).toEqual([
      'EMPTY_LIST_OPERAND 5:32',
      'EMPTY_LIST_OPERAND 5:56',
      'EMPTY_LIST_OPERAND 5:84',
    ]);
    const [inList, notIn, named] = runPipeline(text);
    expect(inList).toMatchObject({ severity: 'warning' });
    expect(inList!.message).toBe(
      "'in' is given an empty list, so this condition is never true; list the values to compare with",
    );
    expect(notIn!.message).toContain('always true (it tests nothing)');
    expect(named!.message).toBe(
      "the list 'none' is empty, so this condition is never true; give the list its values",
    );
  });

  it('does not mistake an inherited property for a list', () => {
    expect(diagnose(withIf('{ var: a, in: { list: constructor } }'))).toEqual(['UNKNOWN_LIST 5:31']);
  });
});
