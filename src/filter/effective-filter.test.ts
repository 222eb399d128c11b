import { EMPTY_FILTER, mergeFilter } from './effective-filter';

describe('mergeFilter', () => {
  it('unions lists in first-seen order without duplicates', () => {
    const a = mergeFilter(EMPTY_FILTER, { keys_to_ignore: ['b', 'a'], events_to_ignore: ['E'] });
    const b = mergeFilter(a, { keys_to_ignore: ['a', 'c', 'c'] });
    expect(b).toEqual({ keys_to_ignore: ['b', 'a', 'c'], events_to_ignore: ['E'], values_to_ignore: {} });
  });

  it('returns the same object when nothing is new, so a change is detectable by identity', () => {
    const a = mergeFilter(EMPTY_FILTER, { keys_to_ignore: ['x'] });
    expect(mergeFilter(a, { keys_to_ignore: ['x'], events_to_ignore: [] })).toBe(a);
    expect(mergeFilter(EMPTY_FILTER, {})).toBe(EMPTY_FILTER);
  });

  it('keeps the first value of a values_to_ignore key', () => {
    const a = mergeFilter(EMPTY_FILTER, { values_to_ignore: { k: '1', constructor: 'c' } });
    expect(mergeFilter(a, { values_to_ignore: { k: '2' } }).values_to_ignore).toEqual({
      k: '1',
      constructor: 'c',
    });
  });
});
