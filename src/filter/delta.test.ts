import fc from 'fast-check';
import { computeDelta, createAutomaticKeyTest } from './delta';

const isAutomatic = createAutomaticKeyTest();
const vars = fc.dictionary(
  fc.constantFrom('a', 'b', 'c', 'audio.x', 'state.currentEvent', 'state.t'),
  fc.constantFrom('1', '2', ''),
);

describe('computeDelta', () => {
  it('lists added and changed keys, sorted, without automatic (state.*) keys', () => {
    const previous = { 'state.currentEvent': 'A', a: '1', b: '2', gone: 'x' };
    const current = { 'state.currentEvent': 'B', b: '3', a: '1', c: '' };
    expect(computeDelta(previous, current, isAutomatic)).toEqual(['b', 'c']);
  });

  it('is every non-automatic key for the first event of a session', () => {
    expect(computeDelta(undefined, { z: '1', 'state.sessionId': 's', a: '2' }, isAutomatic)).toEqual([
      'a',
      'z',
    ]);
  });

  it('takes configured automatic patterns (exact or trailing-* prefix)', () => {
    const test = createAutomaticKeyTest(['clock', 'engine.*']);
    expect(computeDelta({}, { clock: '1', 'engine.x': '2', 'state.y': '3' }, test)).toEqual(['state.y']);
  });

  it('treats a key named like an Object.prototype member as data', () => {
    expect(computeDelta({}, { constructor: 'x' }, isAutomatic)).toEqual(['constructor']);
    const parsed = (text: string) => JSON.parse(text) as Record<string, string>;
    const current = parsed('{"__proto__":"a","toString":"b","hasOwnProperty":"c"}');
    expect(computeDelta(parsed('{}'), current, isAutomatic)).toEqual([
      '__proto__',
      'hasOwnProperty',
      'toString',
    ]);
    expect(
      computeDelta(current, parsed('{"__proto__":"a","toString":"b","hasOwnProperty":"c"}'), isAutomatic),
    ).toEqual([]);
    expect(computeDelta(Object.create(null) as Record<string, string>, current, isAutomatic)).toHaveLength(3);
  });

  it('holds the definition for any pair of events (property)', () => {
    fc.assert(
      fc.property(fc.option(vars, { nil: undefined }), vars, (previous, current) => {
        const delta = computeDelta(previous, current, isAutomatic);
        const expected = Object.keys(current)
          .filter((k) => !k.startsWith('state.'))
          .filter((k) => previous === undefined || previous[k] !== current[k] || !(k in previous))
          .sort();
        expect(delta).toEqual(expected);
        for (const key of delta) expect(key in current).toBe(true);
      }),
    );
  });
});
