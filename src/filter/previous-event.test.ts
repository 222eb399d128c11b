import fc from 'fast-check';
import { computeDelta, createAutomaticKeyTest } from './delta';
import { PreviousEvent } from './previous-event';

const isAutomatic = createAutomaticKeyTest();
/** Events of one session: keys added, removed, reordered, values changed back and forth. */
const events = fc.array(
  fc.array(
    fc.tuple(
      fc.constantFrom('a', 'b', 'c', 'd', 'audio.x', 'state.currentEvent', '__proto__', 'constructor'),
      fc.constantFrom('1', '2', ''),
    ),
    { maxLength: 8 },
  ),
  { minLength: 1, maxLength: 12 },
);
const toObject = (entries: [string, string][]): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [key, value] of entries)
    Object.defineProperty(out, key, { value, enumerable: true, writable: true });
  return out;
};

describe('PreviousEvent', () => {
  it('gives the delta computeDelta gives against the previous event, whatever the keys and their order', () => {
    fc.assert(
      fc.property(events, fc.boolean(), (session, listed) => {
        const previous = new PreviousEvent();
        let before: Record<string, string> | undefined;
        for (const entries of session) {
          const current = toObject(entries);
          const names = listed ? Object.keys(current) : undefined;
          expect(previous.advance(current, isAutomatic, names)).toEqual(
            computeDelta(before, current, isAutomatic),
          );
          before = current;
        }
      }),
    );
  });

  it('counts a key that comes back after an event without it as added, even with its old value', () => {
    const previous = new PreviousEvent();
    expect(previous.advance({ a: '1', b: '1' }, isAutomatic)).toEqual(['a', 'b']);
    expect(previous.advance({ a: '1' }, isAutomatic)).toEqual([]);
    expect(previous.advance({ a: '1', b: '1' }, isAutomatic)).toEqual(['b']);
    expect(previous.advance({ b: '1', a: '2' }, isAutomatic)).toEqual(['a']);
  });

  it('leaves out keys said to be unchanged, except on the first event', () => {
    const previous = new PreviousEvent();
    const overlay = new Map([['risk', 'HIGH']]);
    expect(previous.advance({ a: '1', risk: 'LOW' }, isAutomatic, undefined, overlay)).toEqual(['a', 'risk']);
    expect(previous.advance({ a: '2', risk: 'HIGH' }, isAutomatic, undefined, overlay)).toEqual(['a']);
  });
});
