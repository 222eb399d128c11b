import { formatHuman } from '../../diagnostics';
import { parseYaml } from '../parse';
import { isRuleStringPosition } from '../schema';
import { diagnose, runPipeline, yamlLines } from '../../../test/fixtures/rules/diagnose';
import { checkDuplicateRulesets } from './check-duplicate-rulesets';

describe('rule ids', () => {
  it('reports every repeated rule id at its id', () => {
    const rule = (id: string) => [`  - id: ${id}`, '    then: { set: { a: b } }'];
    const text = yamlLines('ruleset: a', 'rules:', ...rule('x'), ...rule('y'), ...rule('x'), ...rule('x'));
    expect(diagnose(text)).toEqual(['DUPLICATE_RULE_ID 7:9', 'DUPLICATE_RULE_ID 9:9']);
  });

  it('points each repeat at the first rule with that id, and prints it as a second frame', () => {
    const rule = (id: string) => [`  - id: ${id}`, '    then: { set: { a: b } }'];
    const text = yamlLines('ruleset: a', 'rules:', ...rule('x'), ...rule('y'), ...rule('x'));
    const [d] = runPipeline(text);
    const first = text.indexOf('x');
    expect(d!.related).toEqual({
      file: 'rules.yaml',
      range: { start: first, end: first + 1 },
      message: 'first defined here',
    });
    expect(formatHuman([d!], new Map([['rules.yaml', text]]), { color: false })).toContain(
      [
        '    |         ^',
        '  rules.yaml:3:9 - first defined here',
        '',
        '  3 |   - id: x',
        '    |         ^',
      ].join('\n'),
    );
  });
});

describe('the characters of ruleset names and rule ids', () => {
  const file = (ruleset: string, id: string) =>
    yamlLines(
      `ruleset: ${JSON.stringify(ruleset)}`,
      'rules:',
      `  - id: ${JSON.stringify(id)}`,
      '    then: { set: { a: b } }',
    );

  it.each(['greet ✓', 'a,b', 'a/b', 'a b', '-x', '.x', ':x', '_x', 'tab\there', 'é', 'a;b', 'a=b', '"q"'])(
    'refuses %j as a rule id and as a ruleset name, each at its value',
    (bad) => {
      expect(diagnose(file(bad, 'ok'))).toEqual(['INVALID_ID 1:10']);
      expect(diagnose(file('ok', bad))).toEqual(['INVALID_ID 3:9']);
    },
  );

  it.each(['enroll-after-mismatch', 'v2.greet', 'fraud:spoof_check', 'R1', '0', 'a-._:9'])(
    'accepts %j: a letter or digit, then letters, digits and . _ : -',
    (good) => expect(diagnose(file(good, good))).toEqual([]),
  );

  it('says which characters are refused, and why', () => {
    const [d] = runPipeline(file('vip', 'greet ✓,now'));
    expect(d!.message).toBe(
      "the rule id 'greet ✓,now' holds ' ', '✓' and ','; an id may hold only letters, digits, '.', '_', ':' and '-', starting with a letter or digit (ids are sent, comma-separated, in the rulehook-fired header)",
    );
    const [start] = runPipeline(file('-vip', 'r'));
    expect(start!.message).toBe(
      "the ruleset name '-vip' starts with '-'; a name may hold only letters, digits, '.', '_', ':' and '-', starting with a letter or digit (ids are sent, comma-separated, in the rulehook-fired header)",
    );
  });

  it('reports an empty id once, as an empty value', () => {
    expect(diagnose(file('vip', ''))).toEqual(['INVALID_VALUE 3:9']);
  });
});

describe('checkDuplicateRulesets', () => {
  const file = (name: string, text: string) => {
    const parsed = parseYaml(name, text, isRuleStringPosition);
    return { ...parsed, root: parsed.value };
  };

  it('reports later files reusing a ruleset name, at the name, naming the first file', () => {
    const diagnostics = checkDuplicateRulesets([
      file('a.yaml', 'ruleset: vip\nrules: []\n'),
      file('b.yaml', 'ruleset: other\nrules: []\n'),
      file('c.yaml', '# c\nruleset: vip\nrules: []\n'),
    ]);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({
      code: 'DUPLICATE_RULESET',
      file: 'c.yaml',
      range: { start: 13, end: 16 },
    });
    expect(diagnostics[0]!.message).toContain('already defined in a.yaml');
    expect(diagnostics[0]!.related).toEqual({
      file: 'a.yaml',
      range: { start: 9, end: 12 },
      message: 'first defined here',
    });
  });

  it('ignores files without a ruleset name', () => {
    expect(checkDuplicateRulesets([file('a.yaml', 'rules: []\n'), file('b.yaml', 'rules: []\n')])).toEqual(
      [],
    );
  });
});
