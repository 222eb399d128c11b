import { isRuleStringPosition, parseYaml } from '../parse';
import { diagnose, yamlLines } from '../../../test/fixtures/rules/diagnose';
import { checkDuplicateRulesets } from './check-duplicate-rulesets';

describe('rule ids', () => {
  it('reports every repeated rule id at its id', () => {
    const rule = (id: string) => [`  - id: ${id}`, '    then: { set: { a: b } }'];
    const text = yamlLines('ruleset: a', 'rules:', ...rule('x'), ...rule('y'), ...rule('x'), ...rule('x'));
    expect(diagnose(text)).toEqual(['DUPLICATE_RULE_ID 7:9', 'DUPLICATE_RULE_ID 9:9']);
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
  });

  it('ignores files without a ruleset name', () => {
    expect(checkDuplicateRulesets([file('a.yaml', 'rules: []\n'), file('b.yaml', 'rules: []\n')])).toEqual(
      [],
    );
  });
});
