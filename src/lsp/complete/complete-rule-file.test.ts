import { completeRuleFile } from './complete-rule-file';
import { readCatalogEntries } from './catalog-entries';
import { findCursorContext } from './find-cursor-context';

const catalog = readCatalogEntries(`events: [CALL_STARTED, "HEARTBEAT"]
nodes: [Verify, Enroll]
variables: [verify.score, "custom.*"]
actions:
  NotifyAgent:
    parameters: { severity: {}, message: { required: true } }
`);
const facts = { catalog, conditions: [{ name: 'gold' }], lists: [{ name: 'risky' }] };
const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/** Labels and inserted texts offered at the `|` of `text`. */
function offered(text: string) {
  const offset = text.indexOf('|');
  const context = findCursorContext(text.replace('|', ''), offset);
  return completeRuleFile(context, facts, { range, raw: false }).map((item) => [
    item.label,
    (item.textEdit as { newText: string }).newText,
  ]);
}

describe('completeRuleFile', () => {
  it('offers events after on: and in events_to_ignore', () => {
    expect(offered('rules:\n  - id: a\n    on: |')).toEqual([
      ['CALL_STARTED', 'CALL_STARTED'],
      ['HEARTBEAT', 'HEARTBEAT'],
    ]);
    expect(offered('rules:\n  - then:\n      filter:\n        events_to_ignore: [|]')).toHaveLength(2);
  });

  it('offers a variable glob as its literal start where a name is written, whole where a glob is', () => {
    expect(offered('rules:\n  - if: { var: | }')).toContainEqual(['custom.', 'custom.']);
    expect(offered('rules:\n  - if: { changed: | }')).toContainEqual(['custom.*', 'custom.*']);
  });

  it('inserts keys with their colon: set keys and parameters, required first', () => {
    expect(offered('rules:\n  - then:\n      set:\n        |')).toContainEqual([
      'verify.score',
      'verify.score: ',
    ]);
    expect(
      offered(
        'rules:\n  - then:\n      schedule:\n        - action: NotifyAgent\n          parameters:\n            |',
      ),
    ).toEqual([
      ['message', 'message: '],
      ['severity', 'severity: '],
    ]);
  });

  it('offers actions, nodes, named conditions and lists', () => {
    expect(offered('rules:\n  - then:\n      schedule:\n        - action: |')).toEqual([
      ['NotifyAgent', 'NotifyAgent'],
    ]);
    expect(offered('rules:\n  - then:\n      disable: [|]').map(([label]) => label)).toEqual([
      'Verify',
      'Enroll',
    ]);
    expect(offered('rules:\n  - if: { ref: | }')).toEqual([['gold', 'gold']]);
    expect(offered('rules:\n  - if: { var: x, in: { list: | } }')).toEqual([['risky', 'risky']]);
  });

  it('offers condition keys and operators in a condition, and nothing where no name fits', () => {
    const keys = offered('rules:\n  - if:\n      |').map(([label]) => label);
    expect(keys.slice(0, 6)).toEqual(['var', 'all', 'any', 'not', 'ref', 'changed']);
    expect(keys).toContain('equals');
    expect(offered('rules:\n  - id: |')).toEqual([]);
    expect(offered('description: |')).toEqual([]);
  });

  it('offers condition keys for a new item of all / any, and nothing in a description or a comment', () => {
    expect(
      offered('rules:\n  - if:\n      all:\n        - |')
        .map(([label, text]) => [label, text])
        .slice(0, 2),
    ).toEqual([
      ['var', 'var: '],
      ['all', 'all: '],
    ]);
    expect(offered('rules:\n  - description: >-\n      on: |')).toEqual([]);
    expect(offered('rules:\n  - on: CALL_STARTED # or |')).toEqual([]);
    expect(offered('rules:\n  - then:\n      set:\n        a: >-\n          ${|')).toContainEqual([
      'verify.score',
      'verify.score',
    ]);
  });

  it('quotes a name YAML would read otherwise', () => {
    const starred = readCatalogEntries('events: ["*_DONE"]\n');
    const context = findCursorContext('rules:\n  - on: ', 'rules:\n  - on: '.length);
    const [item] = completeRuleFile(context, { ...facts, catalog: starred }, { range, raw: false });
    expect((item!.textEdit as { newText: string }).newText).toBe('"*_DONE"');
  });
});
