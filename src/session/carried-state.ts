import { RESERVED_PREFIX } from '../contract/reserved-variables';
import type { SessionVariables, SetSessionVariableAction } from '../contract/types';
import { EMPTY_FILTER } from '../filter/effective-filter';
import { changeState, INITIAL_SESSION_STATE, type SessionState } from './session-state';
import type { StateSeal } from './state-seal';
import { decodeFilter, decodeOnce, decodeSeen, encodeFilter, encodeOnce, encodeSeen } from './state-parts';

export type StatePart = 'filter' | 'once' | 'seen';
const PARTS: readonly StatePart[] = ['filter', 'once', 'seen'];

/** The session variables rulehook's state travels in (docs/state.md). */
export const CARRIED_KEYS = {
  filter: `${RESERVED_PREFIX}filter`,
  once: `${RESERVED_PREFIX}once`,
  seen: `${RESERVED_PREFIX}seen`,
  mac: `${RESERVED_PREFIX}mac`,
} as const;

/** Which parts a rule book reads and writes (filter outputs, `once` rules, `changed`); the others are left alone. */
export type StateUse = Readonly<Record<StatePart, boolean>>;

export interface CarryOptions {
  use: StateUse;
  /** With `--state-secret`: the carried variables are sealed to the session, and checked. */
  seal: StateSeal | undefined;
  /** The call's id; '' when the event has none usable (then, with a seal, no state is carried). */
  sessionId: string;
}

export interface CarriedState {
  /** The state read; undefined when the event carries none of the parts the rules use. */
  state: SessionState | undefined;
  /** Parts that could not be read, or all of them when the seal does not hold: reset, and written again. */
  invalid: readonly StatePart[];
}

/** How each part is read from a state, written into one, and carried as text. */
interface PartCodec {
  get(state: SessionState): unknown;
  set(state: SessionState, value: unknown): SessionState;
  decode(text: string): unknown;
  encode(value: unknown): string;
}
const CODECS: Readonly<Record<StatePart, PartCodec>> = {
  filter: {
    get: (state) => state.filter,
    set: (state, value) => changeState(state, { filter: value as SessionState['filter'] }),
    decode: decodeFilter,
    encode: (value) => encodeFilter(value as SessionState['filter']),
  },
  once: {
    get: (state) => state.onceFired,
    set: (state, value) => changeState(state, { onceFired: value as SessionState['onceFired'] }),
    decode: decodeOnce,
    encode: (value) => encodeOnce(value as SessionState['onceFired']),
  },
  seen: {
    get: (state) => state.seen,
    set: (state, value) => changeState(state, { seen: value as SessionState['seen'] }),
    decode: decodeSeen,
    encode: (value) => encodeSeen(value as SessionState['seen']),
  },
};
const EMPTY_TEXT: Readonly<Record<StatePart, string>> = {
  filter: CODECS.filter.encode(EMPTY_FILTER),
  once: CODECS.once.encode(new Set()),
  seen: CODECS.seen.encode(new Map()),
};

/**
 * Texts of the part values encoded so far, by value. A state's parts are immutable and a session keeps
 * the ones that did not change: an event that carries no state (its session is in the store) writes the
 * same parts again, and finds their texts here. Weak: a text goes with its value.
 */
const ENCODED = new WeakMap<object, string>();

function encodeRemembered(codec: PartCodec, value: object): string {
  let text = ENCODED.get(value);
  if (text === undefined) {
    text = codec.encode(value);
    ENCODED.set(value, text);
  }
  return text;
}

const textsOf = (variables: SessionVariables) => PARTS.map((part) => variables[CARRIED_KEYS[part]]);

/**
 * Reads the state an event carries back from the session. Only the parts the
 * rules use are parsed; a part that is absent is empty, one that is not what
 * rulehook writes is reset (and reported through `invalid`). With a seal, a
 * state whose seal does not hold (forged, edited, copied from another call) is
 * entirely invalid, and one whose seal holds is read with its generation
 * (`sealed`) even when it holds none of the parts the rules use; a session
 * without an id has no call to bind a state to, so it carries none.
 */
export function readCarriedState(variables: SessionVariables, options: CarryOptions): CarriedState {
  if (options.seal !== undefined && options.sessionId === '') return NOTHING_CARRIED;
  if (!carriesState(variables)) return NOTHING_CARRIED;
  const mac = variables[CARRIED_KEYS.mac];
  const used = PARTS.filter((part) => options.use[part]);
  let state: SessionState = INITIAL_SESSION_STATE;
  let read = false;
  if (options.seal !== undefined) {
    const sealed = options.seal.open({ sessionId: options.sessionId, texts: textsOf(variables) }, mac);
    if (sealed === undefined) return { state: undefined, invalid: used };
    state = changeState(state, { sealed });
    read = true;
  }
  const invalid: StatePart[] = [];
  for (const part of used) {
    const text = variables[CARRIED_KEYS[part]];
    if (text === undefined) continue;
    const value = CODECS[part].decode(text);
    if (value === undefined) invalid.push(part);
    else {
      state = CODECS[part].set(state, value);
      read = true;
    }
  }
  return { state: read ? state : undefined, invalid };
}

/** Whether an event carries any of rulehook's state variables, read or not (the rules may use none of them). */
export function carriesState(variables: SessionVariables): boolean {
  return (
    variables[CARRIED_KEYS.filter] !== undefined ||
    variables[CARRIED_KEYS.once] !== undefined ||
    variables[CARRIED_KEYS.seen] !== undefined ||
    variables[CARRIED_KEYS.mac] !== undefined
  );
}

const NOTHING_CARRIED: CarriedState = { state: undefined, invalid: [] };

/**
 * Whether an answer has written `state` to its session: it is sealed (a seal is written with every state
 * written), or a part the rules use is not empty (a part is written as soon as it stops being empty). An
 * engine that keeps rulehook's variables sends a written state back with every later event.
 */
export function isWritten(state: SessionState, use: StateUse): boolean {
  if (state.sealed > 0) return true;
  const { filter } = state;
  return (
    (use.filter &&
      (filter.keys_to_ignore.length > 0 ||
        filter.events_to_ignore.length > 0 ||
        Object.keys(filter.values_to_ignore).length > 0)) ||
    (use.once && state.onceFired.size > 0) ||
    (use.seen && state.seen.size > 0)
  );
}

/** A carried state refused whole (an older generation than a store holds): every used part is written again. */
export function refuseCarriedState(options: CarryOptions): CarriedState {
  return { state: undefined, invalid: PARTS.filter((part) => options.use[part]) };
}

/** The updates that carry a session's next state, and the generation of the seal the session then holds. */
export interface CarriedUpdates {
  updates: SetSessionVariableAction[];
  /** `next.sealed`, or the generation of the seal written (one more). */
  sealed: number;
}

/**
 * The updates that carry `next` in the session: the parts the rules use that
 * changed (or were invalid), and with a seal, the seal over what the session
 * will then hold, one generation after `next`'s. A part never written and still
 * empty is not written; a state that stays the same gets no update. Appended
 * after the rules' own updates.
 */
export function writeCarriedState(
  variables: SessionVariables,
  carried: CarriedState,
  next: SessionState,
  options: CarryOptions,
): CarriedUpdates {
  const updates: SetSessionVariableAction[] = [];
  if (options.seal !== undefined && options.sessionId === '') return { updates, sealed: next.sealed };
  const before = carried.state;
  for (const part of PARTS) {
    if (!options.use[part]) continue;
    const invalid = carried.invalid.includes(part);
    const codec = CODECS[part];
    if (!invalid && before !== undefined && codec.get(next) === codec.get(before)) continue;
    const key = CARRIED_KEYS[part];
    const text = encodeRemembered(codec, codec.get(next) as object);
    if (!invalid && text === EMPTY_TEXT[part] && variables[key] === undefined) continue;
    if (text !== variables[key]) updates.push({ key, value: text });
  }
  if (options.seal === undefined || (updates.length === 0 && carried.invalid.length === 0))
    return { updates, sealed: next.sealed };
  const texts = PARTS.map(
    (part) => updates.find((u) => u.key === CARRIED_KEYS[part])?.value ?? variables[CARRIED_KEYS[part]],
  );
  const sealed = next.sealed + 1;
  updates.push({
    key: CARRIED_KEYS.mac,
    value: options.seal.sign({ sessionId: options.sessionId, generation: sealed, texts }),
  });
  return { updates, sealed };
}
