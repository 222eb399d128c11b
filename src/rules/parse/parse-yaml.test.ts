import { createLineIndex } from '../../diagnostics';
import { parseYaml } from './parse-yaml';
import { isCatalogStringPosition, isRuleStringPosition } from '../schema';

const parse = (text: string) => parseYaml('a.yaml', text, isRuleStringPosition);
const positions = (text: string) => {
  const lines = createLineIndex(text);
  return parse(text).diagnostics.map((d) => {
    const { line, col } = lines.positionAt(d.range?.start ?? 0);
    return `${d.code} ${line}:${col}`;
  });
};

describe('parseYaml: problems', () => {
  it('reports every duplicate key at the repeated key, with the whole key as range', () => {
    const text = 'ruleset: a\nrules:\n  - id: x\n    id: y\n    then: {}\nruleset: b\n';
    const parsed = parse(text);
    expect(positions(text).sort()).toEqual(['DUPLICATE_KEY 4:5', 'DUPLICATE_KEY 6:1']);
    const [inRule] = parsed.diagnostics.filter((d) => d.message.includes("'id'"));
    const [atTop] = parsed.diagnostics.filter((d) => d.message.includes("'ruleset'"));
    expect(atTop!.range).toEqual({
      start: text.lastIndexOf('ruleset'),
      end: text.lastIndexOf('ruleset') + 7,
    });
    expect(inRule!.message).toContain('first on line 3');
    expect(parsed.wellFormed).toBe(true);
  });

  it('keeps the first of duplicate keys in the value', () => {
    expect(parse('a: 1\na: 2\n').value).toEqual({ a: 1 });
  });

  it('reports every syntax error, not only the first, and marks the file as not well-formed', () => {
    const text = 'a: [1, 2\nb: "open\nc: d\n';
    const parsed = parse(text);
    expect(parsed.diagnostics.length).toBeGreaterThanOrEqual(2);
    expect(parsed.diagnostics.every((d) => d.code === 'YAML_SYNTAX' && d.range)).toBe(true);
    expect(parsed.diagnostics.every((d) => !/at line \d/.test(d.message))).toBe(true);
    expect(parsed.wellFormed).toBe(false);
  });

  it('reports independent syntax errors on separate lines, but not the cascade after a broken flow', () => {
    expect(positions('a: [1\nb: 2\nc: x: y\nd: "ok"\ne: - f\n')).toEqual([
      'YAML_SYNTAX 2:1',
      'YAML_SYNTAX 3:4',
      'YAML_SYNTAX 5:4',
    ]);
    const cascade = 'rules:\n  - then: { set: { b: plain ${} }\n    schedule:\n      - action: A\n';
    expect(positions(cascade)).toEqual(['YAML_SYNTAX 2:30']);
    expect(parse(cascade).diagnostics[0]!.message).toContain('in quotes');
  });

  it('reports an empty or comment-only file', () => {
    for (const text of ['', '# nothing here\n']) {
      const parsed = parse(text);
      expect(parsed.diagnostics.map((d) => d.code)).toEqual(['EMPTY_FILE']);
      expect(parsed.wellFormed).toBe(false);
    }
  });

  it('explains a second document', () => {
    const [d] = parse('a: 1\n---\nb: 2\n').diagnostics;
    expect(d).toMatchObject({ code: 'YAML_SYNTAX' });
    expect(d!.message).toContain('one YAML document');
  });

  it('reports a key that is a list or an alias, saying which', () => {
    const messages = (text: string) => parse(text).diagnostics.map((d) => d.message);
    expect(messages('rules:\n  - then: { set: { [a]: x } }\n')).toEqual([
      'a key must be plain text, not a list or mapping',
    ]);
    expect(messages('rules:\n  - then: { set: { &k a: b, *k : c } }\n')).toEqual([
      'a key must be written out, not an alias (*k)',
    ]);
  });

  it('reports an alias to no anchor and an unknown tag', () => {
    expect(positions('a: *nowhere\nb: !custom 3\n').sort()).toEqual(['YAML_SYNTAX 1:4', 'YAML_WARNING 2:4']);
  });
});

describe('parseYaml: values', () => {
  it('takes numbers and booleans in string positions as their source text', () => {
    const text = [
      'ruleset: 2024',
      'lists: { codes: [0.10, true, 0x1F] }',
      'rules:',
      '  - id: 7',
      '    priority: 0x10',
      '    on: 404',
      '    if: { all: [ { var: a, equals: 0.10 }, { var: b, in: [1.0, yes] }, { var: c, gt: 0.50 }, { var: d, exists: true } ] }',
      '    then:',
      '      set: { 1: 1.50, b: false }',
      '      schedule: [ { action: A, parameters: { n: 007 } } ]',
      '    stop: true',
    ].join('\n');
    expect(parse(text).value).toEqual({
      ruleset: '2024',
      lists: { codes: ['0.10', 'true', '0x1F'] },
      rules: [
        {
          id: '7',
          priority: 16,
          on: '404',
          if: {
            all: [
              { var: 'a', equals: '0.10' },
              { var: 'b', in: ['1.0', 'yes'] },
              { var: 'c', gt: 0.5 },
              { var: 'd', exists: true },
            ],
          },
          then: { set: { 1: '1.50', b: 'false' }, schedule: [{ action: 'A', parameters: { n: '007' } }] },
          stop: true,
        },
      ],
    });
  });

  it('leaves nulls null (the schema reports them) and follows aliases', () => {
    const value = parse('ruleset: a\nx: &v hello\nrules: [ { id: *v, then: { set: { k: } } } ]\n').value;
    expect(value).toMatchObject({ rules: [{ id: 'hello', then: { set: { k: null } } }] });
  });

  it('keeps a key named __proto__ as an ordinary key', () => {
    const value = parse('__proto__: { polluted: true }\n').value as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reports an alias that contains itself instead of looping', () => {
    const parsed = parse('a: &x [ *x ]\n');
    expect(parsed.diagnostics.map((d) => d.code)).toContain('YAML_SYNTAX');
  });

  it('takes every catalog scalar as text except required flags', () => {
    const parsed = parseYaml(
      'c.yaml',
      'events: [404]\nactions: { A: { parameters: { p: { required: true } } } }\n',
      isCatalogStringPosition,
    );
    expect(parsed.value).toEqual({
      events: ['404'],
      actions: { A: { parameters: { p: { required: true } } } },
    });
  });
});
