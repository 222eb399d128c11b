import { MAX_SEARCH_STEPS, replaceValues } from './replace-values';

const mark = (value: string) => `<${value.length}>`;

describe('replaceValues', () => {
  it('replaces every occurrence of every value, and returns the text itself when none occurs', () => {
    expect(replaceValues('+3361 called +3361 then 0700', ['+3361', '0700'], mark)).toBe(
      '<5> called <5> then <4>',
    );
    const text = 'nothing personal';
    expect(replaceValues(text, ['+3361'], mark)).toBe(text);
    expect(replaceValues('', ['+3361'], mark)).toBe('');
  });

  it('takes the longer of two values starting together, and never searches a replacement again', () => {
    const uri = 'sip:+3361@x';
    expect(replaceValues(`from ${uri}, ani +3361`, [uri, '+3361'], mark)).toBe('from <11>, ani <5>');
    // "3361@" overlaps the URI, which starts first: it is not found inside the URI's replacement.
    expect(replaceValues(`${uri} 3361@`, [uri, '3361@'], mark)).toBe('<11> <5>');
    expect(replaceValues('abcd', ['bcd', 'abc'], mark)).toBe('<3>d');
  });

  it('replaces the whole text rather than search beyond its bound', () => {
    const values = ['wxyz', 'vwxy'];
    const long = 'a'.repeat(MAX_SEARCH_STEPS / values.length + 1);
    expect(replaceValues(long, values, () => 'whole')).toBe('whole');
    expect(replaceValues(long.slice(2), values, () => 'whole')).toBe(long.slice(2));
  });
});
