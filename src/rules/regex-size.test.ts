import { measureRegexSize } from './regex-size';

describe('measureRegexSize', () => {
  it.each([
    ['abc', 3],
    ['^[0-9]{8}$', 10],
    ['[0-9]{1,8}', 8],
    ['(ab){3}', 6],
    ['x{2,}', 3],
    ['(a+)+$', 4],
    ['a|b', 3],
    ['(?:.*a){300}', 900],
    ['(?i)abc', 3],
    ['(?P<year>\\d{4})', 4],
    ['\\x{1F600}\\p{Greek}\\pL', 3],
    ['\\Qa{1000}\\E', 7],
    ['\\Qab', 2],
    ['[a{1000}]', 1],
    ['[]a]{5}', 5],
    ['[[:alpha:]]{5}', 5],
    ['[a-z0-9._%+-]{1,64}@[a-z0-9.-]{1,255}\\.[a-z]{2,63}', 384],
  ])('%s has size %i', (pattern, size) => {
    expect(measureRegexSize(pattern)).toBe(size);
  });

  it('multiplies nested repeats, saturating rather than overflowing', () => {
    expect(measureRegexSize('((a{10}){10}){10}')).toBe(1_000);
    expect(measureRegexSize(`${'('.repeat(200)}a${'){1000}'.repeat(200)}`)).toBe(Infinity);
  });

  it('never throws on malformed text', () => {
    for (const pattern of ['(', ')', '[', '\\', 'a{', '{1,2}', '(?', '\\x{', '\\Q']) {
      expect(Number.isNaN(measureRegexSize(pattern))).toBe(false);
    }
  });
});
