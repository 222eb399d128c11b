import fc from 'fast-check';
import { EMPTY_FILTER } from '../filter';
import {
  CARRIED_KEYS,
  isWritten,
  readCarriedState,
  writeCarriedState,
  type CarryOptions,
} from './carried-state';
import { INITIAL_SESSION_STATE, type SessionState } from './session-state';
import { StateSeal } from './state-seal';

const state: SessionState = {
  filter: { keys_to_ignore: ['audio.*'], events_to_ignore: ['HB'], values_to_ignore: {} },
  onceFired: new Set(['s/once']),
  seen: new Map([['verify.*', 'AbCdEfGhIjK']]),
  lastSeen: 0,
  sealed: 0,
};
const ALL = { filter: true, once: true, seen: true };
const plain: CarryOptions = { use: ALL, seal: undefined, sessionId: 'c-1' };
const sealed: CarryOptions = { use: ALL, seal: new StateSeal('secret', 'state.sessionId'), sessionId: 'c-1' };
const NONE_READ = { state: undefined, invalid: [] };

const asVariables = (updates: { key: string; value: string }[]) =>
  Object.fromEntries(updates.map((u) => [u.key, u.value]));
/** The updates only, as the answer carries them. */
const write = (...args: Parameters<typeof writeCarriedState>) => writeCarriedState(...args).updates;
/** The variables a session holds after a first answer that carries `s`. */
const carriedBy = (s: SessionState, options = plain) => asVariables(write({}, NONE_READ, s, options));

describe('carried state', () => {
  it('reads back what it writes', () => {
    const written = write({}, NONE_READ, state, plain);
    expect(written.map((u) => u.key)).toEqual([CARRIED_KEYS.filter, CARRIED_KEYS.once, CARRIED_KEYS.seen]);
    const read = readCarriedState({ 'state.currentEvent': 'X', ...asVariables(written) }, plain);
    expect(read).toEqual({ state, invalid: [] });
  });

  it('writes nothing for a state that stays empty, or that the event already carries', () => {
    expect(write({}, NONE_READ, INITIAL_SESSION_STATE, plain)).toEqual([]);
    const variables = carriedBy(state);
    const read = readCarriedState(variables, plain);
    expect(write(variables, read, read.state!, plain)).toEqual([]);
  });

  it('writes only the parts that changed', () => {
    const variables = carriedBy(state);
    const read = readCarriedState(variables, plain);
    const next: SessionState = { ...read.state!, onceFired: new Set(['s/once', 's/other']) };
    expect(write(variables, read, next, plain)).toEqual([
      { key: CARRIED_KEYS.once, value: '["s/once","s/other"]' },
    ]);
  });

  it('reads and writes only the parts the rules use', () => {
    const variables = carriedBy(state);
    const onceOnly: CarryOptions = { ...plain, use: { filter: false, once: true, seen: false } };
    const read = readCarriedState(variables, onceOnly);
    expect(read.state?.filter).toBe(EMPTY_FILTER);
    expect([...(read.state?.onceFired ?? [])]).toEqual(['s/once']);
    expect(write(variables, read, read.state!, onceOnly)).toEqual([]);
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
    expect(write(variables, read, read.state!, plain)).toEqual([
      { key: CARRIED_KEYS.filter, value: '{"k":[],"e":[],"v":{}}' },
    ]);
  });

  it('with a seal: seals what it writes, and refuses a forged, edited or copied state', () => {
    const variables = carriedBy(state, sealed);
    expect(variables[CARRIED_KEYS.mac]).toMatch(/^1\.[A-Za-z0-9_-]{22}$/);
    expect(readCarriedState(variables, sealed)).toEqual({ state: { ...state, sealed: 1 }, invalid: [] });
    const forged = { ...variables, [CARRIED_KEYS.once]: '[]' };
    expect(readCarriedState(forged, sealed)).toEqual({
      state: undefined,
      invalid: ['filter', 'once', 'seen'],
    });
    expect(readCarriedState(variables, { ...sealed, sessionId: 'c-2' }).state).toBeUndefined();
    expect(readCarriedState(carriedBy(state), sealed).state).toBeUndefined();
    const other = { ...sealed, seal: new StateSeal('another secret', 'state.sessionId') };
    expect(readCarriedState(variables, other).state).toBeUndefined();
  });

  it('with a seal: seals the state again after resetting a forged one', () => {
    const forged = { ...carriedBy(state, sealed), [CARRIED_KEYS.once]: '[]' };
    const read = readCarriedState(forged, sealed);
    const updates = asVariables(write(forged, read, INITIAL_SESSION_STATE, sealed));
    const repaired = { ...forged, ...updates };
    expect(readCarriedState(repaired, sealed)).toMatchObject({ invalid: [] });
  });

  it('with a seal: counts generations, one more for each state it seals', () => {
    const first = carriedBy(state, sealed);
    const read = readCarriedState(first, sealed);
    expect(read.state?.sealed).toBe(1);
    const next: SessionState = { ...read.state!, onceFired: new Set(['s/once', 's/two']) };
    const written = writeCarriedState(first, read, next, sealed);
    expect(written.sealed).toBe(2);
    const second = { ...first, ...asVariables(written.updates) };
    expect(second[CARRIED_KEYS.mac]).toMatch(/^2\./);
    expect(readCarriedState(second, sealed).state?.sealed).toBe(2);
    expect(writeCarriedState(second, readCarriedState(second, sealed), next, sealed)).toEqual({
      updates: [],
      sealed: 1,
    });
  });

  it('with a seal: a generation cannot be changed, nor the MAC moved between fields', () => {
    const variables = carriedBy(state, sealed);
    const mac = variables[CARRIED_KEYS.mac]!;
    expect(readCarriedState({ ...variables, [CARRIED_KEYS.mac]: `7${mac.slice(1)}` }, sealed).state).toBe(
      undefined,
    );
    for (const bad of ['', mac.slice(2), `01.${mac.slice(2)}`, `1.${'é'.repeat(22)}`, `1${mac}`])
      expect(readCarriedState({ ...variables, [CARRIED_KEYS.mac]: bad }, sealed).state).toBeUndefined();
  });

  it('with a seal: a session id holding NUL cannot lend its seal to another call (fields re-split)', () => {
    const forgedFilter = '{"k":[],"e":["*"],"v":{}}';
    const forgedOnce = '["sec/alert-once"]';
    const attacker: CarryOptions = { ...sealed, sessionId: `victim-call-1\0${forgedFilter}\0${forgedOnce}` };
    const answer = carriedBy({ ...INITIAL_SESSION_STATE, onceFired: new Set(['s/once']) }, attacker);
    const resplit = {
      [CARRIED_KEYS.filter]: forgedFilter,
      [CARRIED_KEYS.once]: forgedOnce,
      [CARRIED_KEYS.seen]: `\0${answer[CARRIED_KEYS.once]}\0`,
      [CARRIED_KEYS.mac]: answer[CARRIED_KEYS.mac]!,
    };
    const victim = readCarriedState(resplit, { ...sealed, sessionId: 'victim-call-1' });
    expect(victim).toEqual({ state: undefined, invalid: ['filter', 'once', 'seen'] });
  });

  it('with a seal: a part absent and a part empty are not the same state', () => {
    const variables = carriedBy({ ...INITIAL_SESSION_STATE, onceFired: new Set(['s/once']) }, sealed);
    expect(variables[CARRIED_KEYS.filter]).toBeUndefined();
    const withEmpty = { ...variables, [CARRIED_KEYS.filter]: '' };
    expect(readCarriedState(withEmpty, sealed).state).toBeUndefined();
  });

  it('with a seal and no session id: carries nothing, and writes nothing', () => {
    const none: CarryOptions = { ...sealed, sessionId: '' };
    expect(write({}, NONE_READ, state, none)).toEqual([]);
    expect(readCarriedState(carriedBy(state, sealed), none)).toEqual(NONE_READ);
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
        const written = { ...variables, ...asVariables(write(variables, read, next, options)) };
        expect(readCarriedState(written, options).invalid).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('tells a state an answer has written: exactly one that a first answer writes something of', () => {
    fc.assert(
      fc.property(
        fc.record({ filter: fc.boolean(), once: fc.boolean(), seen: fc.boolean() }),
        fc.string({ minLength: 1 }),
        fc.option(fc.string({ minLength: 1 }), { nil: undefined }),
        fc.option(fc.string({ minLength: 1 }), { nil: undefined }),
        fc.constantFrom('keys', 'events', 'values', 'none'),
        fc.nat({ max: 2 }),
        (use, entry, once, seen, filterPart, generation) => {
          const s: SessionState = {
            filter: {
              keys_to_ignore: filterPart === 'keys' ? [entry] : [],
              events_to_ignore: filterPart === 'events' ? [entry] : [],
              values_to_ignore: filterPart === 'values' ? { [entry]: 'v' } : {},
            },
            onceFired: new Set(once === undefined ? [] : [once]),
            seen: new Map(seen === undefined ? [] : [['verify.*', seen]]),
            lastSeen: 0,
            sealed: generation,
          };
          const options = { ...plain, use };
          expect(isWritten(s, use)).toBe(generation > 0 || write({}, NONE_READ, s, options).length > 0);
        },
      ),
      { numRuns: 300 },
    );
  });
});
