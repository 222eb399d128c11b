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

  it('writes ids of visible ASCII other than % and , as they are', () => {
    const ids = ['a.b_c:d/e-f', 'x/A~!#$&\'()*+;<=>?@[\\]^`{|}"z'];
    expect(formatFiredRules(ids)).toBe(ids.join(','));
  });

  it.each([
    ['non-ASCII letters', 'fraud/spöof', 'fraud/sp%C3%B6of'],
    ['characters beyond the BMP', 'party/🎉', 'party/%F0%9F%8E%89'],
    ['the separator and the escape', 'a,b/50%', 'a%2Cb/50%25'],
    ['blanks and control characters', ' a b/\t\n', '%20a%20b/%09%0A'],
    ['a lone surrogate, as U+FFFD', 'x/\uD800', 'x/%EF%BF%BD'],
  ])('percent-encodes %s as UTF-8, in visible ASCII only', (_case, id, encoded) => {
    expect(formatFiredRules([id, 'next/rule'])).toBe(`${encoded},next/rule`);
    expect(formatFiredRules([id])).toMatch(/^[\x21-\x7e]+$/);
  });

  it('reads back every id it wrote', () => {
    const ids = ['fraud/spöof', 'party/🎉', 'a,b/50%', ' a b/\t', 'caf%C3%A9/x', 'plain/id'];
    expect(parseFiredRules(formatFiredRules(ids))).toEqual(ids);
  });

  it('never throws on a value it did not write', () => {
    expect(parseFiredRules('a/100%,b/%zz,c/%e9,d/%c3%a9')).toEqual(['a/100%', 'b/%zz', 'c/\uFFFD', 'd/é']);
  });
});
