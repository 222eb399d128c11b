import { parseFiniteNumber } from './operators';

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
