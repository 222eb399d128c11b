import { measureEditDistance, suggestName } from './did-you-mean';

describe('measureEditDistance', () => {
  it.each([
    ['equals', 'equals', 0],
    ['equls', 'equals', 1],
    ['eqaul', 'equal', 1], // a swap of neighbours counts once
    ['', 'abc', 3],
    ['kitten', 'sitting', 3],
  ])('%s -> %s is %i', (a, b, distance) => {
    expect(measureEditDistance(a, b)).toBe(distance);
  });
});

describe('suggestName', () => {
  const operators = ['equals', 'not_equals', 'in', 'not_in', 'starts_with', 'ends_with'];

  it('offers the closest candidate', () => {
    expect(suggestName('equls', operators)).toBe('equals');
    expect(suggestName('start_with', operators)).toBe('starts_with');
    expect(suggestName('VERIFY_COMPLETD', ['ENROLL_COMPLETED', 'VERIFY_COMPLETED'])).toBe('VERIFY_COMPLETED');
  });

  it('ignores case differences', () => {
    expect(suggestName('Equals', operators)).toBe('equals');
  });

  it('offers nothing when every candidate is too far to be helpful', () => {
    expect(suggestName('priority', operators)).toBeUndefined();
    expect(suggestName('x', ['y'])).toBeUndefined();
    expect(suggestName('anything', [])).toBeUndefined();
  });

  it('never suggests what was written', () => {
    expect(suggestName('equals', ['equals'])).toBeUndefined();
  });

  it('prefers the first of equally close candidates', () => {
    expect(suggestName('ab', ['abc', 'abd'])).toBe('abc');
  });
});

describe('suggestName thresholds', () => {
  it('does not offer a name that shares only a prefix', () => {
    expect(suggestName('VERIFY_FAILED', ['VERIFY_COMPLETED'])).toBeUndefined();
  });

  it('still offers names with a few edits in long words', () => {
    expect(suggestName('FraudDetection', ['FraudsterDetection'])).toBe('FraudsterDetection');
    expect(suggestName('person', ['person_id'])).toBe('person_id');
  });

  it('offers nothing for names longer than anyone types, whose distance would cost too much', () => {
    const long = 'a'.repeat(101);
    expect(suggestName(long, [`${long}b`])).toBeUndefined();
    expect(suggestName('a'.repeat(100), [`${'a'.repeat(100)}b`])).toBe(`${'a'.repeat(100)}b`);
  });
});
