import { createDiagnostic } from './create-diagnostic';
import { formatHuman } from './format-human';

const SOURCE = 'ruleset: a\nrules:\n  - id: x\n    thne: {}\n';
const SOURCES = new Map([['rules/a.yaml', SOURCE]]);
const rangeOf = (text: string) => ({ start: SOURCE.indexOf(text), end: SOURCE.indexOf(text) + text.length });

describe('formatHuman', () => {
  it('prints path:line:col, severity, code, message, a code frame and the suggestion', () => {
    const d = createDiagnostic('UNKNOWN_KEY', 'rules/a.yaml', "unknown key 'thne' in this rule", {
      range: rangeOf('thne'),
      suggestion: 'then',
    });
    expect(formatHuman([d], SOURCES, { color: false })).toBe(
      [
        "rules/a.yaml:4:5 - error UNKNOWN_KEY: unknown key 'thne' in this rule",
        '',
        '  4 |     thne: {}',
        '    |     ^^^^',
        "  did you mean 'then'?",
        '',
        '',
      ].join('\n'),
    );
  });

  it('underlines a multi-line range to the end of its first line', () => {
    const d = createDiagnostic('MISSING_KEY', 'rules/a.yaml', 'm', { range: rangeOf('id: x\n    thne: {}') });
    expect(formatHuman([d], SOURCES, { color: false })).toContain('  3 |   - id: x\n    |     ^^^^^\n');
  });

  it('shows one caret for an empty range', () => {
    const d = createDiagnostic('EMPTY_FILE', 'rules/a.yaml', 'm', { range: { start: 0, end: 0 } });
    expect(formatHuman([d], SOURCES, { color: false })).toContain('  1 | ruleset: a\n    | ^\n');
  });

  it('prints a whole-file problem, or one whose text is unknown, without a frame', () => {
    const missing = createDiagnostic('FILE_NOT_FOUND', 'nope.yaml', 'no such file');
    const unknownText = createDiagnostic('YAML_SYNTAX', 'other.yaml', 'bad', { range: { start: 0, end: 1 } });
    expect(formatHuman([missing, unknownText], SOURCES, { color: false })).toBe(
      'nope.yaml - error FILE_NOT_FOUND: no such file\n\nother.yaml - error YAML_SYNTAX: bad\n\n',
    );
  });

  it('keeps tabs in the caret padding so the caret stays under the range', () => {
    const text = 'a:\t"x y"\n';
    const d = createDiagnostic('INVALID_TYPE', 't.yaml', 'm', {
      range: { start: 3, end: 8 },
      severity: 'warning',
    });
    expect(formatHuman([d], new Map([['t.yaml', text]]), { color: false })).toContain(
      '  1 | a:\t"x y"\n    |   \t^^^^^\n',
    );
  });

  it('colours only when asked', () => {
    const d = createDiagnostic('UNKNOWN_KEY', 'rules/a.yaml', 'm', { range: rangeOf('thne') });
    expect(formatHuman([d], SOURCES, { color: false })).not.toContain('\u001b[');
    const coloured = formatHuman([d], SOURCES, { color: true });
    expect(coloured).toContain('\u001b[31m');
    expect(
      coloured
        .split('\u001b[')
        .map((part, i) => (i === 0 ? part : part.replace(/^\d+m/, '')))
        .join(''),
    ).toBe(formatHuman([d], SOURCES, { color: false }));
  });

  it('prints a related location after the suggestion, as an indented headline and its own frame', () => {
    const d = createDiagnostic('DUPLICATE_RULE_ID', 'rules/a.yaml', 'repeated', {
      range: rangeOf('thne'),
      suggestion: 'then',
      related: { file: 'rules/a.yaml', range: rangeOf('id: x'), message: 'first defined here' },
    });
    expect(formatHuman([d], SOURCES, { color: false })).toBe(
      [
        'rules/a.yaml:4:5 - error DUPLICATE_RULE_ID: repeated',
        '',
        '  4 |     thne: {}',
        '    |     ^^^^',
        "  did you mean 'then'?",
        '  rules/a.yaml:3:5 - first defined here',
        '',
        '  3 |   - id: x',
        '    |     ^^^^^',
        '',
        '',
      ].join('\n'),
    );
  });

  it('prints a related location in a file whose text is unknown without a frame', () => {
    const d = createDiagnostic('DUPLICATE_RULESET', 'rules/a.yaml', 'm', {
      range: rangeOf('thne'),
      related: { file: 'gone.yaml', range: { start: 0, end: 1 }, message: 'first defined here' },
    });
    expect(formatHuman([d], SOURCES, { color: false })).toContain(
      '    |     ^^^^\n  gone.yaml - first defined here\n\n',
    );
  });

  it('labels warnings as warnings', () => {
    const d = createDiagnostic('NO_RULE_FILES', 'rules', 'empty');
    expect(formatHuman([d], SOURCES, { color: false })).toBe('rules - warning NO_RULE_FILES: empty\n\n');
  });

  it('shows a window of a very long line around the range, so each diagnostic prints a bounded frame', () => {
    const line = `x: [${'a, '.repeat(100_000)}b]`;
    const start = line.indexOf('b]');
    const d = createDiagnostic('YAML_SYNTAX', 'long.yaml', 'm', { range: { start, end: start + 1 } });
    const frame = formatHuman([d], new Map([['long.yaml', line]]), { color: false }).split('\n');
    expect(frame[0]).toBe(`long.yaml:1:${start + 1} - error YAML_SYNTAX: m`);
    expect(frame[2]).toBe(`  1 | …${line.slice(start - 40)}`);
    expect(frame[3]).toBe(`    | ${' '.repeat(41)}^`);
    const early = createDiagnostic('YAML_SYNTAX', 'long.yaml', 'm', { range: { start: 4, end: 5 } });
    const head = formatHuman([early], new Map([['long.yaml', line]]), { color: false }).split('\n');
    expect(head[2]).toBe(`  1 | ${line.slice(0, 200)}…`);
    expect(head[3]).toBe(`    |     ^`);
  });
});
