import { formatNameList } from './list-names';

describe('formatNameList', () => {
  it('lists a few names whole', () => {
    expect(formatNameList(['a', 'b', 'c'])).toBe('a, b, c');
  });

  it('cuts a long list, saying how many more there are', () => {
    const names = Array.from({ length: 2_000 }, (_, i) => `n${i}`);
    expect(formatNameList(names, 3)).toBe('n0, n1, n2 and 1,997 more');
  });
});
