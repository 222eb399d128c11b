import { createLineIndex } from '../../diagnostics';
import { parseYaml } from '../../rules/parse';
import { checkRuleIds, suggestRuleId } from './check-rule-ids';
import { isScenarioStringPosition } from './string-positions';

const KNOWN = ['enrollment/enroll-after-opt-in', 'enrollment/wait-for-consent', 'fraud/alert-agent'];

function check(lines: string[]) {
  const text = `${lines.join('\n')}\n`;
  const index = createLineIndex(text);
  return checkRuleIds(parseYaml('a.test.yaml', text, isScenarioStringPosition), KNOWN).map((d) => {
    const { line, col } = index.positionAt(d.range!.start);
    return `${d.code} ${line}:${col} ${d.message}${d.suggestion ? ` -> ${d.suggestion}` : ''}`;
  });
}

describe('checkRuleIds', () => {
  it('reports every id of fired and not_fired that names no rule, with a did-you-mean, in every list form', () => {
    expect(
      check([
        'rules: .',
        'tests:',
        '  - name: a',
        '    event: A',
        '    expect: { fired: [enrollment/enroll-after-optin], not_fired: [fraud/alret-agent] }',
        '  - name: b',
        '    events:',
        '      - event: A',
        '        expect: { fired: { contains: [fraud/alert-agent, nope/nothing] } }',
        '      - event: B',
        '        expect: { fired: { exactly: [wait-for-consent] } }',
      ]),
    ).toEqual([
      "UNKNOWN_RULE 5:23 no rule 'enrollment/enroll-after-optin' in the rules under test -> enrollment/enroll-after-opt-in",
      "UNKNOWN_RULE 5:67 no rule 'fraud/alret-agent' in the rules under test -> fraud/alert-agent",
      "UNKNOWN_RULE 9:58 no rule 'nope/nothing' in the rules under test",
      "UNKNOWN_RULE 11:38 no rule 'wait-for-consent' in the rules under test (rules are named ruleset/rule) -> enrollment/wait-for-consent",
    ]);
  });

  it('accepts every known id, and says when the rules under test have no rule at all', () => {
    expect(
      check(['rules: .', 'tests: [ { name: a, event: A, expect: { fired: [fraud/alert-agent] } } ]']),
    ).toEqual([]);
    const text = 'rules: .\ntests: [ { name: a, event: A, expect: { not_fired: [x/y] } } ]\n';
    expect(checkRuleIds(parseYaml('a.test.yaml', text, isScenarioStringPosition), [])[0]!.message).toBe(
      "no rule 'x/y' in the rules under test; the rules under test have no rule at all",
    );
  });

  it('suggests the qualified id for a rule id written alone, when only one rule has it', () => {
    expect(suggestRuleId('alert-agent', KNOWN)).toBe('fraud/alert-agent');
    expect(suggestRuleId('x', ['a/x', 'b/x'])).toBeUndefined();
  });
});
