import { EMPTY_FILTER, type EffectiveFilter } from '../filter/effective-filter';
import { fromFilter, parseJson, toFilter, toOnce, toSeen } from './state-parts';

/**
 * What the webhook remembers about one call session between its events. It
 * holds no variable value in clear: `changed` needs equality, not values, so
 * what each `changed` glob matched is kept as one keyed fingerprint
 * (fingerprint.ts). A state's parts are never changed once made (the next
 * state has new ones where it differs), so a part's text is remembered by the
 * part (carried-state.ts).
 */
export interface SessionState {
  /** The effective filter the webhook has sent so far. */
  filter: EffectiveFilter;
  /** `ruleset/rule` ids of `once` rules that already fired. */
  onceFired: ReadonlySet<string>;
  /** Per `changed` glob, the fingerprint of its variables at the previous event the webhook received. */
  seen: ReadonlyMap<string, string>;
  /** When the session's last event was answered, in ms since the epoch (stores only). */
  lastSeen: number;
  /**
   * With `--state-secret`: the generation of the newest state sealed for the
   * session (0: none). A store keeps it so that an older sealed state carried
   * back by an event can be told from the newest (docs/state.md, "Rollback").
   */
  sealed: number;
}

/**
 * `state` with `change` applied: a new state, or `state` itself when nothing differs. Written out field by
 * field rather than as `{ ...state, ...change }`: on Node 20 a spread followed by more properties takes
 * V8's slow path, about 2 us per object, and a state is copied on every event.
 */
export function changeState(state: SessionState, change: Partial<SessionState>): SessionState {
  const next: SessionState = {
    filter: change.filter ?? state.filter,
    onceFired: change.onceFired ?? state.onceFired,
    seen: change.seen ?? state.seen,
    lastSeen: change.lastSeen ?? state.lastSeen,
    sealed: change.sealed ?? state.sealed,
  };
  const same =
    next.filter === state.filter &&
    next.onceFired === state.onceFired &&
    next.seen === state.seen &&
    next.lastSeen === state.lastSeen &&
    next.sealed === state.sealed;
  return same ? state : next;
}

export const INITIAL_SESSION_STATE: SessionState = Object.freeze({
  filter: EMPTY_FILTER,
  onceFired: new Set<string>(),
  seen: new Map<string, string>(),
  lastSeen: 0,
  sealed: 0,
});

/** The JSON form a store keeps: the same parts as the carried variables, plus the time. */
export function serializeSessionState(state: SessionState): string {
  return JSON.stringify({
    f: fromFilter(state.filter),
    o: [...state.onceFired],
    s: Object.fromEntries(state.seen),
    t: state.lastSeen,
    ...(state.sealed > 0 ? { g: state.sealed } : {}),
  });
}

/** Parses a stored state; undefined when it is not one (corrupt, or written by an incompatible version). */
export function deserializeSessionState(text: string): SessionState | undefined {
  const raw = parseJson(text) as
    { f?: unknown; o?: unknown; s?: unknown; t?: unknown; g?: unknown } | null | undefined;
  if (typeof raw !== 'object' || raw === null || typeof raw.t !== 'number') return undefined;
  // States stored before seals had generations have none: 0.
  const sealed = raw.g === undefined ? 0 : raw.g;
  if (typeof sealed !== 'number' || !Number.isSafeInteger(sealed) || sealed < 0) return undefined;
  const filter = toFilter(raw.f);
  const onceFired = toOnce(raw.o);
  const seen = toSeen(raw.s);
  if (filter === undefined || onceFired === undefined || seen === undefined) return undefined;
  return { filter, onceFired, seen, lastSeen: raw.t, sealed };
}
