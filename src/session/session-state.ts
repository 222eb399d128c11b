import type { SessionVariables } from '../contract';
import { EMPTY_FILTER, type EffectiveFilter } from '../filter';

/** What the webhook remembers about one call session between its events. */
export interface SessionState {
  /** Variables of the previous event the webhook received in this session (for the delta). */
  previous: SessionVariables;
  /** The effective filter the webhook has sent so far. */
  filter: EffectiveFilter;
  /** `ruleset/rule` ids of `once` rules that already fired. */
  onceFired: ReadonlySet<string>;
  /** When the session's last event was answered, in ms since the epoch. */
  lastSeen: number;
}

/** The JSON form kept in Redis: short keys, since it is written on every event. */
interface StoredState {
  p: SessionVariables;
  f: { k: readonly string[]; e: readonly string[]; v: Readonly<Record<string, string>> };
  o: readonly string[];
  t: number;
}

export function serializeSessionState(state: SessionState): string {
  const f = state.filter;
  const stored: StoredState = {
    p: state.previous,
    f: { k: f.keys_to_ignore, e: f.events_to_ignore, v: f.values_to_ignore },
    o: [...state.onceFired],
    t: state.lastSeen,
  };
  return JSON.stringify(stored);
}

const isStringArray = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === 'string');
const isStringMap = (v: unknown): v is Record<string, string> =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  Object.values(v).every((x) => typeof x === 'string');

/** Parses a stored state; undefined when it is not one (corrupt, or written by an incompatible version). */
export function deserializeSessionState(text: string): SessionState | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return undefined;
  }
  const s = raw as Partial<StoredState> | null;
  if (
    s === null ||
    typeof s !== 'object' ||
    !isStringMap(s.p) ||
    !isStringArray(s.o) ||
    typeof s.t !== 'number'
  )
    return undefined;
  const f = s.f as Partial<StoredState['f']> | undefined;
  if (f === undefined || !isStringArray(f.k) || !isStringArray(f.e) || !isStringMap(f.v)) return undefined;
  const empty = f.k.length === 0 && f.e.length === 0 && Object.keys(f.v).length === 0;
  return {
    previous: s.p,
    filter: empty ? EMPTY_FILTER : { keys_to_ignore: f.k, events_to_ignore: f.e, values_to_ignore: f.v },
    onceFired: new Set(s.o),
    lastSeen: s.t,
  };
}
