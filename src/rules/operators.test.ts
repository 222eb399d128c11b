import fc from 'fast-check';
import { NUMBER_TEXT_PATTERN, parseFiniteNumber } from './operators';

describe('parseFiniteNumber', () => {
  it.each([
    ['12', 12],
    [' 12 ', 12],
    ['\u00a0-1.5\n', -1.5],
    ['0', 0],
    [' -0 ', -0],
    ['0x10', 16],
    ['1e3', 1000],
  ])('reads %j as %p', (text, expected) => {
    expect(Object.is(parseFiniteNumber(text), expected)).toBe(true);
  });

  it.each(['', '   ', '\t\n', '\ufeff', 'abc', '12abc', 'NaN', 'Infinity', '-Infinity', '1e999'])(
    'reads %j as no number',
    (text) => {
      expect(parseFiniteNumber(text)).toBeUndefined();
    },
  );
});

describe('NUMBER_TEXT_PATTERN', () => {
  const pattern = new RegExp(NUMBER_TEXT_PATTERN, 'u');
  const numberish = fc
    .array(
      fc.constantFrom(
        '0',
        '1',
        '7',
        '9',
        '.',
        'e',
        'E',
        '+',
        '-',
        'x',
        'o',
        'b',
        'f',
        ' ',
        '\u00a0',
        '\n',
        '_',
      ),
      {
        maxLength: 8,
      },
    )
    .map((chars) => chars.join(''));

  it('matches every text parseFiniteNumber reads, and only texts Number() reads', () => {
    let read = 0;
    let matched = 0;
    fc.assert(
      fc.property(numberish, (text) => {
        if (parseFiniteNumber(text) !== undefined) {
          read += 1;
          expect(text).toMatch(pattern);
        }
        if (pattern.test(text)) {
          matched += 1;
          expect(Number.isNaN(Number(text))).toBe(false);
        }
      }),
      { numRuns: 20_000 },
    );
    // Not vacuous: about 7% of the texts are numbers (some 1,400 of 20,000).
    expect(read).toBeGreaterThan(200);
    expect(matched).toBeGreaterThan(200);
  });

  it.each(['12', ' -1.5 ', '.5', '5.', '+1e3', '0x1F', '0o17', '0b101', '1e999'])('matches %j', (text) => {
    expect(text).toMatch(pattern);
  });

  it.each(['', ' ', 'twenty', '12abc', '1_000', '-0x10', 'Infinity', '.', 'e5'])(
    'does not match %j',
    (text) => {
      expect(text).not.toMatch(pattern);
    },
  );
});
