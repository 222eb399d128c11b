import { readCatalogEntries } from '../complete/catalog-entries';
import { findCursorContext } from '../complete/find-cursor-context';
import { describeWord } from './describe-word';

const catalog = readCatalogEntries(`events: [CALL_STARTED]   # unused
nodes:
  - Verify        # checks the voice
variables:
  - "custom.*"    # custom data from the IVR
actions:
  NotifyAgent:
    description: Show a message.
    parameters:
      message: { required: true, description: the text shown }
`);
const facts = { catalog, conditions: [{ name: 'gold', description: 'Gold customers.' }], lists: [] };

/** The hover text at the `|` of `text`, for the word around it. */
function hoverAt(text: string): string | undefined {
  const offset = text.indexOf('|');
  const plain = text.replace('|', '');
  const context = findCursorContext(plain, offset);
  return describeWord(plain.slice(context.start, context.end), context, facts);
}

describe('describeWord', () => {
  it('describes a node, an action and its parameter from the catalog', () => {
    expect(hoverAt('rules:\n  - then:\n      disable: [Ver|ify]')).toBe(
      '**node** `Verify`\n\nchecks the voice',
    );
    expect(hoverAt('rules:\n  - then:\n      schedule:\n        - action: Notify|Agent')).toBe(
      '**action** `NotifyAgent`\n\nShow a message.',
    );
    expect(
      hoverAt(
        'rules:\n  - then:\n      schedule:\n        - action: NotifyAgent\n          parameters: { mess|age: hi }',
      ),
    ).toBe('**required parameter** `message`\n\nthe text shown');
  });

  it('describes a variable under its catalog glob, in a condition and in a template', () => {
    expect(hoverAt('rules:\n  - if: { var: custom.ti|er, equals: gold }')).toBe(
      '**variable** `custom.*`\n\ncustom data from the IVR',
    );
    expect(hoverAt('rules:\n  - then:\n      set:\n        a: "${custom.ti|er}"')).toContain('custom data');
  });

  it('explains an operator and a named condition, and says nothing of what it does not know', () => {
    expect(hoverAt('rules:\n  - if: { var: x, start|s_with: a }')).toContain('**operator** `starts_with`');
    expect(hoverAt('rules:\n  - if: { ref: go|ld }')).toBe('**named condition** `gold`\n\nGold customers.');
    expect(hoverAt('rules:\n  - on: UNKNO|WN')).toBeUndefined();
    expect(hoverAt('rules:\n  - id: Ver|ify')).toBeUndefined();
  });
});

describe('describeWord, variables declared with their values', () => {
  const declared = readCatalogEntries(`variables:
  verify.decision:
    description: The verdict.
    values: { MATCH: The voice is the claimed customer., MISMATCH: }
  verify.score: { kind: number, description: 0 to 1 }
`);
  const hover = (text: string) => {
    const plain = text.replace('|', '');
    const context = findCursorContext(plain, text.indexOf('|'));
    const word = plain.slice(context.start, context.end);
    return describeWord(word, context, { catalog: declared, conditions: [], lists: [] });
  };

  it('shows a declared variable with its kind and its values', () => {
    expect(hover('rules:\n  - if: { var: verify.deci|sion, equals: MATCH }')).toBe(
      '**text variable** `verify.decision`\n\nThe verdict.\n\nValues:\n\n- `MATCH`: The voice is the claimed customer.\n- `MISMATCH`',
    );
    expect(hover('rules:\n  - if: { var: verify.sc|ore, gt: 1 }')).toBe(
      '**number variable** `verify.score`\n\n0 to 1',
    );
  });

  it('shows what a value means where it is compared or set', () => {
    expect(hover('rules:\n  - if: { var: verify.decision, equals: MA|TCH }')).toBe(
      '**value** `MATCH` of `verify.decision`\n\nThe voice is the claimed customer.',
    );
    expect(hover('rules:\n  - then:\n      set: { verify.decision: MISM|ATCH }')).toBe(
      '**value** `MISMATCH` of `verify.decision`',
    );
  });
});
