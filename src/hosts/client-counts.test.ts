import { ClientCounts, shareOf } from './client-counts';

describe('shareOf', () => {
  it('is the percentage rounded down, and never less than one place', () => {
    expect([shareOf(1000, 50), shareOf(4096, 50), shareOf(7, 50), shareOf(1, 50), shareOf(3, 100)]).toEqual([
      500, 2048, 3, 1, 3,
    ]);
  });
});

describe('ClientCounts', () => {
  it('counts each address on its own, up to its share, and forgets the addresses that hold nothing', () => {
    const counts = new ClientCounts(2);
    expect([counts.tryTake('a'), counts.tryTake('a'), counts.tryTake('a'), counts.tryTake('b')]).toEqual([
      true,
      true,
      false,
      true,
    ]);
    expect([counts.count('a'), counts.count('b'), counts.clients]).toEqual([2, 1, 2]);
    counts.give('b');
    counts.give('a');
    expect([counts.count('a'), counts.count('b'), counts.clients]).toEqual([1, 0, 1]);
    expect(counts.tryTake('a')).toBe(true);
  });
});
