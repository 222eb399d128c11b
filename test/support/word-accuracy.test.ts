import { measureWordAccuracy } from './word-accuracy';

describe('measureWordAccuracy', () => {
  it('is 1 - (substitutions + insertions + deletions) / reference words', () => {
    expect(measureWordAccuracy('My voice, is my password', 'my voice is my password')).toBe(1);
    expect(measureWordAccuracy('the weather is nice today', 'the weather is nice to a')).toBeCloseTo(0.6);
    expect(measureWordAccuracy('one two three four', 'one three four')).toBe(0.75);
    expect(measureWordAccuracy('one two', 'one two three four five')).toBe(-0.5);
  });
});
