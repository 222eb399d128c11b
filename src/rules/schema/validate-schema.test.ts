import { createLineIndex } from '../../diagnostics';
import { parseYaml } from '../parse';
import { isCatalogStringPosition, isRuleStringPosition } from './string-positions';
import { validateCatalogSchema, validateRulesSchema } from './validate-schema';

function validate(lines: string[]) {
  const text = `${lines.join('\n')}\n`;
  const index = createLineIndex(text);
  return validateRulesSchema(parseYaml('a.yaml', text, isRuleStringPosition)).map((d) => {
    const { line, col } = index.positionAt(d.range!.start);
    return { at: `${d.code} ${line}:${col}`, message: d.message, suggestion: d.suggestion };
  });
}

const VALID = [
  'ruleset: vip',
  'when: { var: custom.line, equals: premium }',
  'lists: { risky: [A, B] }',
  'conditions: { gold: { var: custom.tier, equals: gold } }',
  'rules:',
  '  - id: r',
  '    on: [VERIFY_COMPLETED, "VERIFY_*"]',
  '    if: { all: [ { ref: gold }, { not: { var: x, in: { list: risky } } }, { changed: "verify.*" }, { var: s, lt: "0.3" } ] }',
  '    then:',
  '      schedule: [ { action: Enroll, parameters: { p: "${person.id}" } } ]',
  '      set: { risk.level: high }',
  '      disable: [FraudsterDetection]',
  '      enable: [Verify]',
  '      filter: { keys_to_ignore: ["audio.*"], events_to_ignore: ["HEARTBEAT*"], values_to_ignore: { a: b } }',
  '    priority: 10',
  '    stop: true',
  '    enabled: false',
  '    once: true',
];

describe('validateRulesSchema', () => {
  it('accepts every key of the language', () => {
    expect(validate(VALID)).toEqual([]);
  });

  it('reports an unknown key at the key, with a suggestion among the keys allowed there', () => {
    expect(
      validate(['ruleset: a', 'rules:', '  - id: r', '    then: { set: { a: b } }', '    priorty: 1']),
    ).toEqual([
      { at: 'UNKNOWN_KEY 5:5', message: "unknown key 'priorty' in this rule", suggestion: 'priority' },
    ]);
  });

  it.each([
    ['stop: yes', 'stop', 'true', 'only true and false are yes/no values; write true'],
    ['once: "off"', 'once', 'false', 'only true and false are yes/no values; write false'],
    ['enabled: "true"', 'enabled', 'true', 'in quotes, true is text; write true without quotes'],
    ['enabled: " No "', 'enabled', 'false', 'only true and false are yes/no values; write false'],
  ])('hints at true/false for %s, with a suggestion', (line, key, value, reason) => {
    const [d] = validate(['ruleset: a', 'rules:', '  - id: r', '    then: { set: { a: b } }', `    ${line}`]);
    expect(d).toMatchObject({ at: `INVALID_TYPE 5:${key.length + 7}`, suggestion: value });
    expect(d!.message).toMatch(
      new RegExp(`^'${key}' must be true or false, not text \\(".*"\\): ${reason}$`),
    );
  });

  it('hints at true/false for an exists operand written as text', () => {
    const [d] = validate([
      'ruleset: a',
      'rules:',
      '  - id: r',
      '    if: { var: x, exists: "yes" }',
      '    then: { set: { a: b } }',
    ]);
    expect(d).toMatchObject({ at: 'INVALID_TYPE 4:27', suggestion: 'true' });
  });

  it('gives no true/false hint for other text, nor for a name of Object.prototype', () => {
    for (const value of ['maybe', 'constructor']) {
      const [d] = validate([
        'ruleset: a',
        'rules:',
        '  - id: r',
        '    then: { set: { a: b } }',
        `    stop: ${value}`,
      ]);
      expect(d).toEqual({
        at: 'INVALID_TYPE 5:11',
        message: `'stop' must be true or false, not text ("${value}")`,
        suggestion: undefined,
      });
    }
  });

  it('refuses an empty variable name in set, and an empty parameter name, at the key', () => {
    const diagnostics = validate([
      'ruleset: a',
      'rules:',
      '  - id: r',
      '    then:',
      '      set: { "": b, ok: c }',
      '      schedule: [ { action: A, parameters: { "": x } } ]',
    ]);
    expect(diagnostics.sort((a, b) => a.at.localeCompare(b.at))).toEqual([
      {
        at: 'INVALID_VALUE 5:14',
        message: "'set' has an empty key; expected a variable name",
        suggestion: undefined,
      },
      {
        at: 'INVALID_VALUE 6:46',
        message: "'parameters' has an empty key; expected a parameter name",
        suggestion: undefined,
      },
    ]);
  });

  it('lists the allowed keys when nothing is close', () => {
    const [d] = validate(['ruleset: a', 'rules: []', 'zzz: 1']);
    expect(d).toMatchObject({ at: 'UNKNOWN_KEY 3:1', suggestion: undefined });
    expect(d!.message).toBe(
      "unknown key 'zzz' at the top of the file; allowed: ruleset, description, when, lists, conditions, rules",
    );
  });

  it('reports an unknown operator in a leaf, with a suggestion among operators', () => {
    expect(
      validate([
        'ruleset: a',
        'rules:',
        '  - id: r',
        '    if: { var: x, start_with: "+44" }',
        '    then: { set: { a: b } }',
      ]),
    ).toEqual([
      { at: 'UNKNOWN_OPERATOR 4:19', message: "'start_with' is not an operator", suggestion: 'starts_with' },
    ]);
  });

  it('reports a misspelled condition kind as an unknown key with a suggestion', () => {
    const [d] = validate([
      'ruleset: a',
      'rules:',
      '  - id: r',
      '    if: { al: [] }',
      '    then: { set: { a: b } }',
    ]);
    expect(d).toMatchObject({ at: 'UNKNOWN_KEY 4:11', suggestion: 'all' });
  });

  it('reports a wrong type once, naming what was expected and what was found', () => {
    expect(
      validate([
        'ruleset: a',
        'rules:',
        '  - id: r',
        '    priority: high',
        '    stop: sure',
        '    then: { set: { a: b } }',
      ]),
    ).toEqual([
      {
        at: 'INVALID_TYPE 4:15',
        message: `'priority' must be a whole number, not text ("high")`,
        suggestion: undefined,
      },
      {
        at: 'INVALID_TYPE 5:11',
        message: `'stop' must be true or false, not text ("sure")`,
        suggestion: undefined,
      },
    ]);
  });

  it('names operand kinds from the operator, one error per mistake', () => {
    const result = validate([
      'ruleset: a',
      'rules:',
      '  - id: r',
      '    if: { all: [ { var: a, in: 5 }, { var: b, gt: true }, { var: c, exists: "maybe" }, { var: d, in: [x, [y]] } ] }',
      '    then: { set: { a: b } }',
    ]);
    expect(result.map((d) => d.message)).toEqual([
      "'in' must be a list of texts, or { list: NAME }, not a whole number",
      "'gt' must be a number, not true",
      `'exists' must be true or false, not text ("maybe")`,
      "item 2 of 'in' must be text, not a list",
    ]);
  });

  it('reports missing keys at the mapping that lacks them', () => {
    expect(validate(['rules:', '  - description: no id', '    priority: 1']).map((d) => d.at)).toEqual([
      'MISSING_KEY 1:1',
      'MISSING_KEY 2:5',
      'MISSING_KEY 2:5',
    ]);
    expect(validate(['ruleset: a', 'rules:', '  - id: r'])[0]!.message).toBe(
      "this rule is missing 'then' (what the rule does when it fires)",
    );
  });

  it('reports an empty value where it would be written, as editors do', () => {
    expect(validate(['ruleset: a', 'rules:', '  - id: r', '    then:'])).toEqual([
      {
        at: 'INVALID_TYPE 4:10',
        message: "'then' has no value; expected a mapping (key: value lines)",
        suggestion: undefined,
      },
    ]);
  });

  it('reports empty lists and texts where they make no sense', () => {
    expect(
      validate([
        'ruleset: ""',
        'rules:',
        '  - id: r',
        '    on: []',
        '    if: { any: [] }',
        '    then: { set: { a: b } }',
      ]).map((d) => d.at),
    ).toEqual(['INVALID_VALUE 1:10', 'INVALID_VALUE 4:9', 'INVALID_VALUE 5:16']);
  });

  it('describes a file that is not a mapping', () => {
    expect(validate(['- a', '- b'])[0]!.message).toBe(
      'the file must be a mapping (key: value lines), not a list',
    );
  });
});

describe('validateCatalogSchema', () => {
  const check = (text: string) => validateCatalogSchema(parseYaml('c.yaml', text, isCatalogStringPosition));

  it('accepts every section, with empty actions and parameters', () => {
    const text =
      'events: [A]\nnodes: [N]\nvariables: ["custom.*"]\nactions:\n  Notify:\n  Enroll:\n    description: d\n    parameters:\n      person_id: { required: true, description: who }\n      note:\n';
    expect(check(text)).toEqual([]);
  });

  it('reports unknown keys with suggestions', () => {
    const [d] = check('actions:\n  Enroll:\n    parameters:\n      p: { requird: true }\n');
    expect(d).toMatchObject({ code: 'UNKNOWN_KEY', suggestion: 'required' });
  });
});
