import { findCursorContext } from './find-cursor-context';

/** The context at the `|` of `text` (which is removed). */
function contextAt(text: string) {
  const offset = text.indexOf('|');
  return findCursorContext(text.slice(0, offset) + text.slice(offset + 1), offset);
}

const RULE = `ruleset: r
rules:
  - id: a
    on: [FRAUD_CHECK_COMPLETED, VER|]
`;

describe('findCursorContext', () => {
  it('reads an item of a flow list after a key', () => {
    expect(contextAt(RULE)).toMatchObject({ path: ['rules', '*', 'on'], role: 'value', prefix: 'VER' });
  });

  it('reads a block value, and the whole word under the cursor as the part to replace', () => {
    const text = 'rules:\n  - id: a\n    on: VER|IFY_X\n';
    const context = contextAt(text);
    expect(context).toMatchObject({ path: ['rules', '*', 'on'], role: 'value', prefix: 'VER' });
    expect(text.replace('|', '').slice(context.start, context.end)).toBe('VERIFY_X');
  });

  it('reads a key being typed in a nested mapping, with the list item it belongs to', () => {
    const text = [
      'rules:',
      '  - id: a',
      '    then:',
      '      schedule:',
      '        - action: NotifyAgent',
      '          parameters:',
      '            mes|',
      '',
    ].join('\n');
    expect(contextAt(text)).toMatchObject({
      path: ['rules', '*', 'then', 'schedule', '*', 'parameters'],
      role: 'key',
      prefix: 'mes',
      item: { action: 'NotifyAgent' },
    });
  });

  it('reads keys inside flow mappings on a list item line', () => {
    const text = 'conditions:\n  hit:\n    any:\n      - { var: x, in: { list: spo| } }\n';
    expect(contextAt(text)).toMatchObject({
      path: ['conditions', 'hit', 'any', '*', 'in', 'list'],
      role: 'value',
      prefix: 'spo',
    });
  });

  it('reads a block list item as a value of its list', () => {
    const text = 'rules:\n  - id: a\n    then:\n      filter:\n        events_to_ignore:\n          - HEA|\n';
    expect(contextAt(text)).toMatchObject({
      path: ['rules', '*', 'then', 'filter', 'events_to_ignore', '*'],
      role: 'value',
      prefix: 'HEA',
    });
  });

  it('tells a template variable inside a text value', () => {
    const text = 'rules:\n  - id: a\n    then:\n      set:\n        risk.reason: "score ${fraud.sc|}"\n';
    expect(contextAt(text)).toMatchObject({ template: true, prefix: 'fraud.sc' });
  });

  it('skips comments and blank lines, and stops at the root', () => {
    const text = 'rules:\n  # a comment\n\n  - id: a\n    if: { ref: |}\n';
    expect(contextAt(text)).toMatchObject({ path: ['rules', '*', 'if', 'ref'], role: 'value', prefix: '' });
  });

  it('reads a top-level key', () => {
    expect(contextAt('ruleset: a\nrul|')).toMatchObject({ path: [], role: 'key', prefix: 'rul' });
  });

  it('reads a key whose value is only a comment, an anchor or a tag as a parent', () => {
    expect(contextAt('tests:\n  - variables:   # every test\n      cal|')).toMatchObject({
      path: ['tests', '*', 'variables'],
      role: 'key',
    });
    expect(contextAt('conditions:\n  big: &big\n    any:\n      - { var: x, eq| }')).toMatchObject({
      path: ['conditions', 'big', 'any', '*'],
      role: 'key',
    });
  });

  it('reads CRLF text as LF text', () => {
    const text =
      'rules:\r\n  - then:\r\n      schedule:\r\n        - action: NotifyAgent\r\n          parameters:\r\n            mes|\r\n';
    expect(contextAt(text)).toMatchObject({
      path: ['rules', '*', 'then', 'schedule', '*', 'parameters'],
      item: { action: 'NotifyAgent' },
    });
  });

  it('takes a word followed by its colon as a key, on a list item too', () => {
    expect(contextAt('if:\n  any:\n    - v|ar: x\n')).toMatchObject({
      path: ['if', 'any', '*'],
      role: 'key',
    });
  });

  it('tells text of a block scalar and of a comment, where nothing but a template names anything', () => {
    expect(contextAt('rules:\n  - description: >-\n      on: |\n')).toMatchObject({ inText: true });
    expect(contextAt('rules:\n  - on: X # see VER|\n')).toMatchObject({ inText: true });
    expect(contextAt('rules:\n  - on: "A#B"|\n')).toMatchObject({ inText: false });
    expect(contextAt('rules:\n  - then:\n      set:\n        a: >-\n          score ${fr|\n')).toMatchObject({
      inText: true,
      template: true,
      prefix: 'fr',
    });
  });

  it('reads the end of a file without a final line break', () => {
    expect(contextAt('rules:\n  - on: CALL|')).toMatchObject({ path: ['rules', '*', 'on'], prefix: 'CALL' });
  });
});
