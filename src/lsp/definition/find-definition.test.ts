import { findCursorContext } from '../complete/find-cursor-context';
import { findOwnDefinition } from './find-definition';

const TEXT = `ruleset: r
lists:
  risky: [MISMATCH]
conditions:
  gold: { var: custom.tier, equals: gold }
rules:
  - id: a
    if: { all: [{ ref: gold }, { var: verify.decision, in: { list: risky } }] }
    then: { set: { a: b } }
`;

function definitionAt(needle: string, into = 2) {
  const offset = TEXT.indexOf(needle) + into;
  const context = findCursorContext(TEXT, offset);
  const found = findOwnDefinition('r.yaml', TEXT, TEXT.slice(context.start, context.end), context);
  return found && { name: TEXT.slice(found.range.start, found.range.end), at: found.range.start };
}

describe('findOwnDefinition', () => {
  it('finds the named condition of a ref and the list of an in', () => {
    expect(definitionAt('ref: gold', 6)).toEqual({ name: 'gold', at: TEXT.indexOf('gold:') });
    expect(definitionAt('list: risky', 7)).toEqual({ name: 'risky', at: TEXT.indexOf('risky:') });
  });

  it('finds nothing for a name the file does not define, or a word that is no reference', () => {
    expect(
      findOwnDefinition(
        'r.yaml',
        TEXT.replace('ref: gold', 'ref: silver'),
        'silver',
        findCursorContext(TEXT, TEXT.indexOf('ref: gold') + 6),
      ),
    ).toBeUndefined();
    expect(definitionAt('verify.decision')).toBeUndefined();
  });
});
