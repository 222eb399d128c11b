import { ABSENT } from '../expect/compare';
import { diffLines, renderDiff } from './render-diff';

describe('renderDiff', () => {
  it('puts short values on two aligned lines', () => {
    expect(renderDiff('HIGH', 'LOW')).toEqual(['expected: "HIGH"', 'actual:   "LOW"']);
    expect(renderDiff({ zz: '1' }, ABSENT)).toEqual(['expected: {"zz":"1"}', 'actual:   (absent)']);
  });

  it('diffs long values line by line', () => {
    const expected = {
      operations: [{ action: 'Enroll', parameters: { person_id: 'C-1029384', note: 'gold' } }],
    };
    const actual = {
      operations: [{ action: 'Enroll', parameters: { person_id: 'C-1029384', note: 'silver' } }],
    };
    const lines = renderDiff(expected, actual);
    expect(lines.slice(0, 2)).toEqual(['- expected', '+ actual']);
    expect(lines.filter((l) => l.startsWith('-') || l.startsWith('+')).slice(2)).toEqual([
      `- ${' '.repeat(8)}"note": "gold"`,
      `+ ${' '.repeat(8)}"note": "silver"`,
    ]);
    expect(lines).toContain(`  ${' '.repeat(8)}"person_id": "C-1029384",`);
  });
});

describe('diffLines', () => {
  it('keeps common lines and marks the others', () => {
    expect(diffLines(['a', 'b', 'c'], ['a', 'c', 'd'])).toEqual(['  a', '- b', '  c', '+ d']);
    expect(diffLines([], ['x'])).toEqual(['+ x']);
  });
});
