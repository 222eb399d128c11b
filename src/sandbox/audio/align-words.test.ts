import { countAlignedWords, normaliseWords, scoreTextMatch } from './align-words';

describe('normaliseWords', () => {
  it('lowers case, drops punctuation and writes digits one by one', () => {
    expect(normaliseWords("It's 42, Oh-Seven!")).toEqual(["it's", '4', '2', '0', '7']);
  });
});

describe('scoreTextMatch', () => {
  it('is 1 for the same words however written, 0 for nothing in common', () => {
    expect(scoreTextMatch('seven four two nine', '7429')).toBe(1);
    expect(scoreTextMatch('my voice is my password', 'nothing alike')).toBe(0);
    expect(scoreTextMatch('', '')).toBe(0);
  });

  it('is 2·aligned / (expected + detected) words', () => {
    expect(countAlignedWords(['a', 'b', 'c', 'd'], ['a', 'c', 'd', 'e'])).toBe(3);
    expect(scoreTextMatch('a b c d', 'a c d e')).toBe(0.75);
    expect(scoreTextMatch('my voice is my password', 'my voice is password')).toBeCloseTo(8 / 9, 10);
  });
});
