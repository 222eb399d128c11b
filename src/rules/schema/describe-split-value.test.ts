import { diagnose, runPipeline, yamlLines } from '../../../test/fixtures/rules/diagnose';

describe('a comma inside an unquoted value of a { } mapping', () => {
  it('says the value needs quotes, at the whole entry, with the quoted entry as the suggestion', () => {
    const text = yamlLines(
      'ruleset: a',
      'rules:',
      '  - { id: r, description: Why, for the audit log., then: { set: { a: b } } }',
    );
    expect(diagnose(text)).toEqual(['UNQUOTED_COMMA 3:14']);
    const [d] = runPipeline(text);
    expect(d).toMatchObject({
      severity: 'error',
      message:
        "inside { }, a comma separates entries, so 'description: Why, for the audit log.' was read as 'description: Why' and a key 'for the audit log.': put the value in quotes",
      suggestion: 'description: "Why, for the audit log."',
    });
    expect(text.slice(d!.range!.start, d!.range!.end)).toBe('description: Why, for the audit log.');
  });

  it('takes in every piece cut off, once, and also where any key is allowed (set)', () => {
    const text = yamlLines(
      'ruleset: a',
      'rules:',
      '  - id: r',
      '    then: { set: { custom.note: late, slow, and loud, custom.x: y } }',
    );
    expect(diagnose(text)).toEqual(['UNQUOTED_COMMA 4:20']);
    expect(runPipeline(text)[0]!.suggestion).toBe('custom.note: "late, slow, and loud"');
  });

  it('suggests a decimal point for a number operator, not quotes', () => {
    const text = yamlLines(
      'ruleset: a',
      'rules:',
      '  - id: r',
      '    if: { var: verify.score, lt: 0,35 }',
      '    then: { set: { a: b } }',
    );
    expect(diagnose(text)).toEqual(['UNQUOTED_COMMA 4:30']);
    expect(runPipeline(text)[0]).toMatchObject({
      message: expect.stringContaining(
        "'lt: 0,35' was read as 'lt: 0' and a key '35': a number is written with a decimal point",
      ),
      suggestion: 'lt: 0.35',
    });
  });

  it('leaves other unknown keys alone: a misspelling, a key of a block mapping, a key given a value', () => {
    const text = yamlLines(
      'ruleset: a',
      'descripton: x',
      'rules:',
      '  - { id: r, description: Why, tehn: x, then: { set: { a: b } } }',
    );
    expect(diagnose(text)).toEqual(['UNKNOWN_KEY 2:1', 'UNKNOWN_KEY 4:32']);
  });
});
