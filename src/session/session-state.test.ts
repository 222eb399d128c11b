import { EMPTY_FILTER } from '../filter';
import { deserializeSessionState, serializeSessionState, type SessionState } from './session-state';

describe('session state serialization', () => {
  it('round-trips', () => {
    const state: SessionState = {
      previous: { 'state.currentEvent': 'X', a: '1' },
      filter: { keys_to_ignore: ['audio.*'], events_to_ignore: ['HB'], values_to_ignore: { k: 'v' } },
      onceFired: new Set(['r/once']),
      lastSeen: 42,
    };
    expect(deserializeSessionState(serializeSessionState(state))).toEqual(state);
  });

  it('reads an empty filter back as the shared empty filter', () => {
    const text = serializeSessionState({
      previous: {},
      filter: EMPTY_FILTER,
      onceFired: new Set(),
      lastSeen: 1,
    });
    expect(deserializeSessionState(text)?.filter).toBe(EMPTY_FILTER);
  });

  it.each([
    ['{oops'],
    ['null'],
    ['{"p":{},"o":[],"t":1}'],
    ['{"p":{"a":1},"f":{"k":[],"e":[],"v":{}},"o":[],"t":1}'],
  ])('returns undefined for %s', (text) => expect(deserializeSessionState(text)).toBeUndefined());
});
