import { diagnose, runPipeline, yamlLines } from '../../../test/fixtures/rules/diagnose';

const rule = (...lines: string[]) =>
  yamlLines('ruleset: a', 'rules:', '  - id: r', ...lines, '    then: { set: { a: b } }');

describe('hints on values of the wrong type', () => {
  it('suggests in / not_in where equals / not_equals is given a list, at the operator', () => {
    const text = rule(
      '    if:',
      '      any:',
      '        - { var: verify.decision, equals: [MISMATCH, UNCERTAIN] }',
      '        - { var: risk.reason, not_equals: { list: risky } }',
    );
    expect(diagnose(text)).toEqual(['INVALID_TYPE 6:35', 'INVALID_TYPE 7:31']);
    const [equals, notEquals] = runPipeline(text);
    expect(equals).toMatchObject({
      message:
        "'equals' compares with one text, not a list: to test whether the variable is one of several texts, write 'in' instead (`in: [A, B]` or `in: { list: NAME }`)",
      suggestion: 'in',
    });
    expect(equals!.range!.end - equals!.range!.start).toBe('equals'.length);
    expect(notEquals).toMatchObject({
      message: expect.stringContaining("'not_equals' compares with one text, not a mapping"),
      suggestion: 'not_in',
    });
  });

  it('suggests the number where a whole number is quoted, and says a comma is no decimal point', () => {
    const text = yamlLines(
      'ruleset: a',
      'rules:',
      '  - { id: r, priority: "10", then: { set: { a: b } } }',
      '  - { id: s, priority: "2.5", then: { set: { a: b } } }',
      '  - id: t',
      '    priority: 1,500',
      '    then: { set: { a: b } }',
    );
    expect(diagnose(text)).toEqual(['INVALID_TYPE 3:24', 'INVALID_TYPE 4:24', 'INVALID_TYPE 6:15']);
    const [quoted, decimal, thousands] = runPipeline(text);
    expect(quoted).toMatchObject({
      message:
        '\'priority\' must be a whole number, not text ("10"): in quotes, 10 is text; write 10 without quotes',
      suggestion: '10',
    });
    expect(decimal!.suggestion).toBeUndefined();
    expect(thousands!.message).toBe(
      '\'priority\' must be a whole number, not text ("1,500"): a number has no comma: write 1.500 for a decimal, 1500 for thousands',
    );
    expect(thousands!.suggestion).toBeUndefined();
  });
});
