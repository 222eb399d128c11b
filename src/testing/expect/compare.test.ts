import { ABSENT, compare, compareValue, joinPath } from './compare';
import { compileMatcher } from './matcher';

const paths = (expected: unknown, actual: unknown) => compareValue(expected, actual, 'x').map((m) => m.path);

describe('compare: lists', () => {
  it('compares lists exactly and in order by default', () => {
    expect(paths(['a', 'b'], ['a', 'b'])).toEqual([]);
    expect(paths(['a', 'b'], ['b', 'a'])).toEqual(['x[0]', 'x[1]']);
    expect(compareValue(['a'], ['a', 'b'], 'x')).toEqual([
      {
        path: 'x',
        source: undefined,
        expected: ['a'],
        actual: ['a', 'b'],
        message: 'expected 1 item, got 2',
      },
    ]);
    expect(paths([], [])).toEqual([]);
    expect(paths([], ['a'])).toEqual(['x']);
  });

  it('checks { contains } in any order, each expected item against a distinct actual item', () => {
    expect(paths({ contains: ['b'] }, ['a', 'b', 'c'])).toEqual([]);
    expect(paths({ contains: ['c', 'a'] }, ['a', 'b', 'c'])).toEqual([]);
    expect(paths({ contains: ['a', 'a'] }, ['a', 'b'])).toEqual(['x']);
    expect(compareValue({ contains: ['z'] }, ['a'], 'x')[0]!.message).toBe('missing: "z"');
    // the first item matches both actual items: a greedy match would fail here
    expect(
      paths({ contains: [{ k: 'a' }, { k: 'a', v: '2' }] }, [
        { k: 'a', v: '2' },
        { k: 'a', v: '1' },
      ]),
    ).toEqual([]);
  });

  it('reports a value that is not a list at all', () => {
    expect(paths(['a'], 'a')).toEqual(['x']);
    expect(paths({ contains: ['a'] }, undefined)).toEqual(['x']);
  });
});

describe('compare: maps', () => {
  it('compares maps as subsets by default, deeply', () => {
    expect(paths({ a: '1' }, { a: '1', b: '2' })).toEqual([]);
    expect(paths([{ action: 'Enroll' }], [{ action: 'Enroll', parameters: { p: '1' } }])).toEqual([]);
    expect(paths({ p: { q: '1' } }, { p: { q: '2', r: '3' } })).toEqual(['x.p.q']);
  });

  it('reports a missing key as absent, at the key', () => {
    expect(compareValue({ 'risk.level': 'HIGH' }, {}, 'x')).toEqual([
      { path: 'x["risk.level"]', source: undefined, expected: 'HIGH', actual: ABSENT },
    ]);
  });

  it('compares everything inside { exactly } exactly, maps included', () => {
    expect(paths({ exactly: { a: '1' } }, { a: '1' })).toEqual([]);
    const extra = compareValue({ exactly: { a: '1' } }, { a: '1', b: '2' }, 'x');
    expect(extra).toEqual([
      { path: 'x.b', source: undefined, expected: ABSENT, actual: '2', message: "unexpected key 'b'" },
    ]);
    expect(paths({ exactly: [{ action: 'A' }] }, [{ action: 'A', parameters: {} }])).toEqual([
      'x[0].parameters',
    ]);
    expect(paths([{ exactly: { action: 'A' } }], [{ action: 'A', parameters: {} }])).toEqual([
      'x[0].parameters',
    ]);
  });

  it('takes null as "absent or null"', () => {
    expect(paths(null, ABSENT)).toEqual([]);
    expect(paths({ event_filter: null }, {})).toEqual([]);
    expect(paths(null, { keys_to_ignore: ['a'] })).toEqual(['x']);
  });

  it('treats a mapping as a comparison mode only when its one key holds a list or mapping', () => {
    expect(paths({ exactly: 'text' }, { exactly: 'text', other: 'y' })).toEqual([]);
    expect(paths({ contains: 'a' }, { contains: 'a' })).toEqual([]);
  });
});

describe('compare: values and paths', () => {
  it('compares scalars strictly: text is not a number', () => {
    expect(paths('0.10', '0.1')).toEqual(['x']);
    expect(paths(true, 'true')).toEqual(['x']);
    expect(paths(false, false)).toEqual([]);
  });

  it('keeps where each expectation is written', () => {
    const matcher = compileMatcher({ fired: { contains: ['a/b'] } }, ['tests', 0, 'expect']);
    const [mismatch] = compare(matcher, { fired: [] }, 'events[0]');
    expect(mismatch!.source).toEqual(['tests', 0, 'expect', 'fired', 'contains']);
  });

  it('writes keys that are not identifiers in brackets', () => {
    expect(joinPath('a', 'b')).toBe('a.b');
    expect(joinPath('a', 'risk.level')).toBe('a["risk.level"]');
    expect(joinPath('a', 2)).toBe('a[2]');
  });
});
