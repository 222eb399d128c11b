import fc from 'fast-check';
import { EMPTY_FILTER } from '../filter';
import { CARRIED_KEYS, readCarriedState, writeCarriedState, type CarryOptions } from './carried-state';
import { INITIAL_SESSION_STATE, type SessionState } from './session-state';
import { StateSeal } from './state-seal';

const state: SessionState = {
  filter: { keys_to_ignore: ['audio.*'], events_to_ignore: ['HB'], values_to_ignore: {} },
  onceFired: new Set(['s/once']),
  seen: new Map([['verify.*', 'AbCdEfGhIjK']]),
  lastSeen: 0,
};
const ALL = { filter: true, once: true, seen: true };
const plain: CarryOptions = { use: ALL, seal: undefined, sessionId: 'c-1' };
const sealed: CarryOptions = { use: ALL, seal: new StateSeal('secret'), sessionId: 'c-1' };
const NONE_READ = { state: undefined, invalid: [] };

const asVariables = (updates: { key: string; value: string }[]) =>
  Object.fromEntries(updates.map((u) => [u.key, u.value]));
/** The variables a session holds after a first answer that carries `s`. */
const carriedBy = (s: SessionState, options = plain) =>
  asVariables(writeCarriedState({}, NONE_READ, s, options));

describe('carried state', () => {
  it('reads back what it writes', () => {
    const written = writeCarriedState({}, NONE_READ, state, plain);
    expect(written.map((u) => u.key)).toEqual([CARRIED_KEYS.filter, CARRIED_KEYS.once, CARRIED_KEYS.seen]);
    const read = readCarriedState({ 'state.currentEvent': 'X', ...asVariables(written) }, plain);
    expect(read).toEqual({ state, invalid: [] });
  });

  it('writes nothing for a state that stays empty, or that the event already carries', () => {
    expect(writeCarriedState({}, NONE_READ, INITIAL_SESSION_STATE, plain)).toEqual([]);
    const variables = carriedBy(state);
    const read = readCarriedState(variables, plain);
    expect(writeCarriedState(variables, read, read.state!, plain)).toEqual([]);
  });

  it('writes only the parts that changed', () => {
    const variables = carriedBy(state);
    const read = readCarriedState(variables, plain);
    const next: SessionState = { ...read.state!, onceFired: new Set(['s/once', 's/other']) };
    expect(writeCarriedState(variables, read, next, plain)).toEqual([
      { key: CARRIED_KEYS.once, value: '["s/once","s/other"]' },
    ]);
  });

  it('reads and writes only the parts the rules use', () => {
    const variables = carriedBy(state);
    const onceOnly: CarryOptions = { ...plain, use: { filter: false, once: true, seen: false } };
    const read = readCarriedState(variables, onceOnly);
    expect(read.state?.filter).toBe(EMPTY_FILTER);
    expect([...(read.state?.onceFired ?? [])]).toEqual(['s/once']);
    expect(writeCarriedState(variables, read, read.state!, onceOnly)).toEqual([]);
  });

  it('is none for an event without rulehook variables, each absent part empty otherwise', () => {
    expect(readCarriedState({ a: '1' }, plain)).toEqual(NONE_READ);
    const read = readCarriedState({ [CARRIED_KEYS.once]: '["x/y"]' }, plain);
    expect(read.state?.filter).toBe(EMPTY_FILTER);
  });

  it('resets a part that is not what rulehook writes, and writes it again even when it stays empty', () => {
    const variables = { ...carriedBy(state), [CARRIED_KEYS.filter]: '{"k":[]' };
    const read = readCarriedState(variables, plain);
    expect(read.invalid).toEqual(['filter']);
    expect([...(read.state?.onceFired ?? [])]).toEqual(['s/once']);
    expect(writeCarriedState(variables, read, read.state!, plain)).toEqual([
      { key: CARRIED_KEYS.filter, value: '{"k":[],"e":[],"v":{}}' },
    ]);
  });

  it('with a seal: seals what it writes, and refuses a forged, edited or copied state', () => {
    const variables = carriedBy(state, sealed);
    expect(variables[CARRIED_KEYS.mac]).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(readCarriedState(variables, sealed)).toEqual({ state, invalid: [] });
    const forged = { ...variables, [CARRIED_KEYS.once]: '[]' };
    expect(readCarriedState(forged, sealed)).toEqual({
      state: undefined,
      invalid: ['filter', 'once', 'seen'],
    });
    expect(readCarriedState(variables, { ...sealed, sessionId: 'c-2' }).state).toBeUndefined();
    expect(readCarriedState(carriedBy(state), sealed).state).toBeUndefined();
    const other = { ...sealed, seal: new StateSeal('another secret') };
    expect(readCarriedState(variables, other).state).toBeUndefined();
  });

  it('with a seal: seals the state again after resetting a forged one', () => {
    const forged = { ...carriedBy(state, sealed), [CARRIED_KEYS.once]: '[]' };
    const read = readCarriedState(forged, sealed);
    const updates = asVariables(writeCarriedState(forged, read, INITIAL_SESSION_STATE, sealed));
    const repaired = { ...forged, ...updates };
    expect(readCarriedState(repaired, sealed)).toMatchObject({ invalid: [] });
  });

  it('never throws on what a client may send; whatever it writes, it reads back as written', () => {
    const value = fc.oneof(
      fc.string(),
      fc.json(),
      fc.constantFrom('{"k":[1],"e":[],"v":{}}', '[1]', '{"a":2}'),
    );
    fc.assert(
      fc.property(value, value, value, fc.boolean(), (filter, once, seen, withSeal) => {
        const options = withSeal ? sealed : plain;
        const variables = {
          [CARRIED_KEYS.filter]: filter,
          [CARRIED_KEYS.once]: once,
          [CARRIED_KEYS.seen]: seen,
        };
        const read = readCarriedState(variables, options);
        const next = read.state ?? INITIAL_SESSION_STATE;
        const written = { ...variables, ...asVariables(writeCarriedState(variables, read, next, options)) };
        expect(readCarriedState(written, options).invalid).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
