import { EMPTY_FILTER } from '../filter';
import {
  changeState,
  deserializeSessionState,
  INITIAL_SESSION_STATE,
  serializeSessionState,
  type SessionState,
} from './session-state';

describe('session state serialization', () => {
  it('round-trips', () => {
    const state: SessionState = {
      filter: { keys_to_ignore: ['audio.*'], events_to_ignore: ['HB'], values_to_ignore: { k: 'v' } },
      onceFired: new Set(['r/once']),
      seen: new Map([['verify.score', 'AbCdEfGhIjK']]),
      lastSeen: 42,
      sealed: 7,
    };
    expect(deserializeSessionState(serializeSessionState(state))).toEqual(state);
  });

  it('reads an empty filter back as the shared empty filter', () => {
    const text = serializeSessionState({
      filter: EMPTY_FILTER,
      onceFired: new Set(),
      seen: new Map(),
      lastSeen: 1,
      sealed: 0,
    });
    expect(deserializeSessionState(text)?.filter).toBe(EMPTY_FILTER);
  });

  it('reads a state stored before seals had generations as generation 0', () => {
    expect(deserializeSessionState('{"f":{"k":[],"e":[],"v":{}},"o":[],"s":{},"t":1}')?.sealed).toBe(0);
  });

  it.each([
    ['{"f":{"k":[],"e":[],"v":{}},"o":[],"s":{},"t":1,"g":-1}'],
    ['{"f":{"k":[],"e":[],"v":{}},"o":[],"s":{},"t":1,"g":"2"}'],
    ['{oops'],
    ['null'],
    ['{"f":{"k":[],"e":[],"v":{}},"o":[],"t":1}'],
    ['{"f":{"k":[],"e":[],"v":{}},"o":[],"s":{"a":1},"t":1}'],
    ['{"p":{"a":"1"},"f":{"k":[],"e":[],"v":{}},"o":[],"t":1}'],
  ])('returns undefined for %s', (text) => expect(deserializeSessionState(text)).toBeUndefined());
});

describe('changeState', () => {
  const state: SessionState = { ...INITIAL_SESSION_STATE, lastSeen: 5, sealed: 2 };

  it('gives a new state with the change, leaving the state it changes as it was', () => {
    const next = changeState(state, { lastSeen: 9 });
    expect(next).toEqual({ ...state, lastSeen: 9 });
    expect(state.lastSeen).toBe(5);
  });

  it('gives the state itself when the change changes nothing', () => {
    expect(changeState(state, { lastSeen: 5, filter: state.filter })).toBe(state);
  });
});
