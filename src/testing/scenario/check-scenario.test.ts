import { createLineIndex, type Diagnostic } from '../../diagnostics';
import { loadScenarioFile } from './load-scenario-file';

/** Every diagnostic of a scenario file as `CODE line:col`, in position order. */
function diagnose(lines: string[], allowEmpty = false): string[] {
  const text = `${lines.join('\n')}\n`;
  const index = createLineIndex(text);
  return loadScenarioFile('a.test.yaml', text, { allowEmpty })
    .diagnostics.sort((a, b) => (a.range?.start ?? 0) - (b.range?.start ?? 0))
    .map((d: Diagnostic) => {
      const { line, col } = index.positionAt(d.range?.start ?? 0);
      return `${d.code} ${line}:${col}${d.severity === 'warning' ? ' (warning)' : ''}`;
    });
}

const messages = (lines: string[]) =>
  loadScenarioFile('a.test.yaml', `${lines.join('\n')}\n`).diagnostics.map((d) => d.message);

describe('checkScenario', () => {
  it('accepts both forms of test, cases, and every expectation', () => {
    expect(
      diagnose([
        'rules: .',
        'variables: { person.id: C-1 }',
        'tests:',
        '  - name: one event',
        '    event: A',
        '    variables: { x: 1 }',
        '    cases: [ { x: 2 }, { x: 3 } ]',
        '    expect: { fired: [r/a], not_fired: [r/b], sent: true }',
        '  - name: a call',
        '    session: cs-1',
        '    events:',
        '      - event: A',
        '      - event: B',
        '        expect: { reason: keys_to_ignore, entry: "audio.*", fired: [] }',
      ]),
    ).toEqual([]);
  });

  it('reports a file without tests, as a warning with --allow-empty', () => {
    expect(diagnose(['rules: .'])).toEqual(['NO_TESTS 1:1']);
    expect(diagnose(['rules: .', 'tests: []'])).toEqual(['NO_TESTS 2:1']);
    expect(diagnose(['rules: .', 'tests: []'], true)).toEqual(['NO_TESTS 2:1 (warning)']);
  });

  it('reports duplicate names, mixed forms and a test without an event', () => {
    expect(
      diagnose([
        'rules: .',
        'tests:',
        '  - { name: a, event: A, expect: { fired: [] } }',
        '  - { name: a, event: A, expect: { fired: [] } }',
        '  - name: b',
        '    events: [ { event: A, expect: { fired: [] } } ]',
        '    expect: { fired: [] }',
        '  - { name: c, variables: { a: b } }',
      ]),
    ).toEqual([
      'DUPLICATE_TEST_NAME 4:13',
      'MIXED_TEST_FORMS 7:5',
      'MISSING_KEY 8:5',
      'NO_EXPECTATIONS 8:13',
    ]);
  });

  it('reports a test that expects nothing, even with empty expectations', () => {
    expect(
      diagnose([
        'rules: .',
        'tests:',
        '  - name: a',
        '    events: [ { event: A }, { event: B, expect: {} } ]',
      ]),
    ).toEqual(['NO_EXPECTATIONS 3:11']);
    expect(messages(['rules: .', 'tests: [ { name: a, event: A } ]'])).toEqual([
      'this test expects nothing: it would pass whatever the rules do',
    ]);
  });

  it('reports contradictory expectations at the key that contradicts', () => {
    expect(
      diagnose([
        'rules: .',
        'tests:',
        '  - name: a',
        '    event: A',
        '    expect: { sent: true, reason: keys_to_ignore }',
        '  - name: b',
        '    event: A',
        '    expect: { sent: false, fired: [r/a], updates: { a: b } }',
        '  - name: c',
        '    event: A',
        '    expect: { fired: [r/a], not_fired: [r/b, r/a] }',
      ]),
    ).toEqual([
      'CONTRADICTORY_EXPECTATION 5:27',
      'CONTRADICTORY_EXPECTATION 8:28',
      'CONTRADICTORY_EXPECTATION 8:42',
      'CONTRADICTORY_EXPECTATION 11:46',
    ]);
  });
});

describe('the scenario schema', () => {
  it('reports unknown keys with a suggestion, and wrong types, with the rule files codes', () => {
    const text =
      'rules: .\ntests:\n  - name: a\n    event: A\n    expect: { fird: [r/a], sent: yes, reason: key_to_ignore }\n';
    const found = loadScenarioFile('a.test.yaml', text).diagnostics;
    expect(found.map((d) => [d.code, d.message, d.suggestion])).toEqual([
      ['UNKNOWN_KEY', "unknown key 'fird' in 'expect'", 'fired'],
      [
        'INVALID_TYPE',
        `'sent' must be true or false, not text ("yes"): only true and false are yes/no values; write true`,
        'true',
      ],
      [
        'INVALID_VALUE',
        `'reason' must be one of events_to_ignore, keys_to_ignore, webhook_disabled, not "key_to_ignore"`,
        'keys_to_ignore',
      ],
    ]);
  });

  it('takes numbers and booleans where text is expected as written', () => {
    const text =
      'rules: .\ntests:\n  - name: 7\n    event: 404\n    variables: { score: 0.10, ok: true }\n    expect: { sent: true, updates: { n: 007 }, nodes: [ { node_names: [1], enable: false } ] }\n';
    const scenario = loadScenarioFile('a.test.yaml', text);
    expect(scenario.diagnostics).toEqual([]);
    expect(scenario.spec!.tests![0]).toEqual({
      name: '7',
      event: '404',
      variables: { score: '0.10', ok: 'true' },
      expect: { sent: true, updates: { n: '007' }, nodes: [{ node_names: ['1'], enable: false }] },
    });
  });

  it('requires rules, and a name for each test', () => {
    expect(messages(['tests: [ { event: A, expect: { fired: [] } } ]'])).toEqual([
      "the file is missing 'rules' (the rules under test: a rule file or directory, or a list of them, relative to this file ('.': its directory))",
      "this test is missing 'name' (the test's name, unique in its file; shown in reports)",
    ]);
  });
});
