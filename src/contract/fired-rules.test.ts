import { formatFiredRules, parseFiredRules } from './fired-rules';

describe('the rulehook-fired value', () => {
  it('lists rule ids in firing order and reads back the same list', () => {
    const fired = ['fraud/spoof-suspected', 'noise/ignore-heartbeats'];
    expect(formatFiredRules(fired)).toBe('fraud/spoof-suspected,noise/ignore-heartbeats');
    expect(parseFiredRules(formatFiredRules(fired))).toEqual(fired);
  });

  it('reads values joined from repeated headers, ignoring blanks', () => {
    expect(parseFiredRules(' a/x , b/y ')).toEqual(['a/x', 'b/y']);
    expect(parseFiredRules('a/x,,b/y,')).toEqual(['a/x', 'b/y']);
    expect(parseFiredRules('')).toEqual([]);
  });
});
