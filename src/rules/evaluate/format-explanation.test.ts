import { buildRuleBook } from '../../../test/support/rule-book';
import { explainEvent } from './explain-event';
import { formatExplanation } from './format-explanation';

describe('formatExplanation', () => {
  const book = buildRuleBook({
    ruleset: 'x',
    rules: [
      {
        id: 'low',
        on: 'V',
        if: {
          all: [
            { var: 'tier', equals: 'gold' },
            { var: 'score', lt: 0.3 },
          ],
        },
        then: { set: { a: 'b' } },
      },
      { id: 'any', if: { any: [{ var: 'a', exists: true }, { changed: 'b.*' }] }, then: { set: { a: 'b' } } },
      { id: 'other', on: 'W', then: { set: { a: 'b' } } },
    ],
  });

  it('names the deciding condition and the actual value of each rule', () => {
    const text = formatExplanation(
      explainEvent(book, { 'state.currentEvent': 'V', tier: 'gold', score: '0.5' }),
    );
    expect(text).toBe(
      '  ✗ x/low: its `if` does not hold: score lt 0.3 is false (actual "0.5")\n' +
        '  ✗ x/any: its `if` does not hold: a exists true is false (missing); changed "b.*" is false (no session history)\n' +
        '  ✗ x/other: not for this event (`on`)\n',
    );
  });

  it('says why a rule fired', () => {
    const text = formatExplanation(
      explainEvent(book, { 'state.currentEvent': 'V', tier: 'gold', score: '0.1' }),
    );
    expect(text.split('\n')[0]).toBe(
      '  ✓ x/low: fired: tier equals "gold" is true (actual "gold"); score lt 0.3 is true (actual "0.1")',
    );
  });
});
