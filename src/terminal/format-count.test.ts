import { formatCount } from './format-count';

describe('formatCount', () => {
  it('groups thousands with commas, whatever the locale', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(7)).toBe('7');
    expect(formatCount(262_144)).toBe('262,144');
    expect(formatCount(10_000_000)).toBe('10,000,000');
    expect(formatCount(-12_345)).toBe('-12,345');
  });

  it('keeps what a limit may be: fractions and no limit at all', () => {
    expect(formatCount(1234.5)).toBe('1,234.5');
    expect(formatCount(Infinity)).toBe('∞');
  });
});
