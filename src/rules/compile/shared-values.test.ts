import { SharedValues } from './shared-values';

describe('SharedValues', () => {
  it('gives one copy of equal numbers, lists of texts and texts', () => {
    const shared = new SharedValues();
    const list = shared.share(['gold', 'silver']);
    expect(shared.share(['gold', 'silver'])).toBe(list);
    expect(list).toEqual(['gold', 'silver']);
    expect(shared.share(['silver', 'gold'])).not.toBe(list);
    expect(shared.share(0.27)).toBe(0.27);
    expect(shared.share(`${'t'}1: score `)).toBe('t1: score ');
  });

  it('keeps -0 apart from 0', () => {
    const shared = new SharedValues();
    shared.share(0);
    expect(Object.is(shared.share(-0), -0)).toBe(true);
    expect(Object.is(shared.share(0), 0)).toBe(true);
  });

  it('returns anything else as it is', () => {
    const shared = new SharedValues();
    const set = new Set(['a']);
    const mixed = ['a', 1];
    const test = () => true;
    expect(shared.share(set)).toBe(set);
    expect(shared.share(mixed)).toBe(mixed);
    expect(shared.share(test)).toBe(test);
    expect(shared.share(undefined)).toBeUndefined();
    expect(shared.share(true)).toBe(true);
  });
});
