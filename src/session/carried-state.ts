import { RESERVED_PREFIX, type SessionVariables, type SetSessionVariableAction } from '../contract';
import { EMPTY_FILTER } from '../filter';
import type { SessionState } from './session-state';
import { decodeFilter, decodeOnce, decodeSeen, encodeFilter, encodeOnce, encodeSeen } from './state-parts';

/** The session variables rulehook's state travels in (docs/state.md). */
export const CARRIED_KEYS = {
  filter: `${RESERVED_PREFIX}filter`,
  once: `${RESERVED_PREFIX}once`,
  seen: `${RESERVED_PREFIX}seen`,
} as const;

export type CarriedState =
  | { kind: 'none' }
  | { kind: 'state'; state: SessionState }
  /** A carried variable that is not what rulehook writes: reported, and the session treated as new. */
  | { kind: 'corrupt'; key: string };

/**
 * Reads the state an event carries back from the session: none when it has no
 * rulehook variable at all (a new session, or an engine that does not keep
 * them), each absent part empty otherwise.
 */
export function readCarriedState(variables: SessionVariables): CarriedState {
  const filterText = variables[CARRIED_KEYS.filter];
  const onceText = variables[CARRIED_KEYS.once];
  const seenText = variables[CARRIED_KEYS.seen];
  if (filterText === undefined && onceText === undefined && seenText === undefined) return { kind: 'none' };
  const filter = filterText === undefined ? EMPTY_FILTER : decodeFilter(filterText);
  if (filter === undefined) return { kind: 'corrupt', key: CARRIED_KEYS.filter };
  const onceFired = onceText === undefined ? new Set<string>() : decodeOnce(onceText);
  if (onceFired === undefined) return { kind: 'corrupt', key: CARRIED_KEYS.once };
  const seen = seenText === undefined ? new Map<string, string>() : decodeSeen(seenText);
  if (seen === undefined) return { kind: 'corrupt', key: CARRIED_KEYS.seen };
  return { kind: 'state', state: { filter, onceFired, seen, lastSeen: 0 } };
}

/**
 * The updates that carry `next` in the session, given what the event carried:
 * only the parts that changed, so a session whose state stays the same gets
 * none. Appended after the rules' own updates.
 */
export function writeCarriedState(
  carried: SessionVariables,
  before: SessionState | undefined,
  next: SessionState,
): SetSessionVariableAction[] {
  const updates: SetSessionVariableAction[] = [];
  if (next.filter !== (before?.filter ?? EMPTY_FILTER))
    pushIfChanged(updates, carried, CARRIED_KEYS.filter, encodeFilter(next.filter));
  if (next.onceFired !== before?.onceFired && next.onceFired.size > 0)
    pushIfChanged(updates, carried, CARRIED_KEYS.once, encodeOnce(next.onceFired));
  if (next.seen !== before?.seen && (next.seen.size > 0 || (before?.seen.size ?? 0) > 0))
    pushIfChanged(updates, carried, CARRIED_KEYS.seen, encodeSeen(next.seen));
  return updates;
}

function pushIfChanged(
  updates: SetSessionVariableAction[],
  carried: SessionVariables,
  key: string,
  value: string,
): void {
  if (carried[key] !== value) updates.push({ key, value });
}
