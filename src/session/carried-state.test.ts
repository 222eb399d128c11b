import fc from 'fast-check';
import { EMPTY_FILTER } from '../filter';
import { CARRIED_KEYS, readCarriedState, writeCarriedState } from './carried-state';
import { INITIAL_SESSION_STATE, type SessionState } from './session-state';

const state: SessionState = {
  filter: { keys_to_ignore: ['audio.*'], events_to_ignore: ['HB'], values_to_ignore: {} },
  onceFired: new Set(['s/once']),
  seen: new Map([['verify.score', 'AbCdEfGhIjK']]),
  lastSeen: 0,
};

const asVariables = (updates: { key: string; value: string }[]) =>
  Object.fromEntries(updates.map((u) => [u.key, u.value]));

describe('carried state', () => {
  it('reads back what it writes', () => {
    const written = writeCarriedState({}, undefined, state);
    expect(written.map((u) => u.key)).toEqual([CARRIED_KEYS.filter, CARRIED_KEYS.once, CARRIED_KEYS.seen]);
    const read = readCarriedState({ 'state.currentEvent': 'X', ...asVariables(written) });
    expect(read).toEqual({ kind: 'state', state });
  });

  it('writes nothing for a state that stays empty, or that the event already carries', () => {
    expect(writeCarriedState({}, undefined, INITIAL_SESSION_STATE)).toEqual([]);
    const carried = asVariables(writeCarriedState({}, undefined, state));
    const copy: SessionState = { ...state, seen: new Map(state.seen) };
    expect(writeCarriedState(carried, state, copy)).toEqual([]);
  });

  it('writes only the parts that changed', () => {
    const carried = asVariables(writeCarriedState({}, undefined, state));
    const next: SessionState = { ...state, onceFired: new Set(['s/once', 's/other']) };
    expect(writeCarriedState(carried, state, next)).toEqual([
      { key: CARRIED_KEYS.once, value: '["s/once","s/other"]' },
    ]);
  });

  it('is none for an event without rulehook variables, each absent part empty otherwise', () => {
    expect(readCarriedState({ a: '1' })).toEqual({ kind: 'none' });
    const read = readCarriedState({ [CARRIED_KEYS.once]: '["x/y"]' });
    expect(read.kind === 'state' && read.state.filter).toBe(EMPTY_FILTER);
  });

  it('never throws on what a client may send, and says which variable it could not read', () => {
    const value = fc.oneof(
      fc.string(),
      fc.json(),
      fc.constantFrom('{"k":[1],"e":[],"v":{}}', '[1]', '{"a":2}'),
    );
    fc.assert(
      fc.property(value, value, value, (filter, once, seen) => {
        const read = readCarriedState({
          [CARRIED_KEYS.filter]: filter,
          [CARRIED_KEYS.once]: once,
          [CARRIED_KEYS.seen]: seen,
        });
        expect(['state', 'corrupt']).toContain(read.kind);
        if (read.kind === 'corrupt') expect(Object.values(CARRIED_KEYS)).toContain(read.key);
      }),
      { numRuns: 500 },
    );
  });
});
