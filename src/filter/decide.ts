import {
  EMPTY_FILTER,
  mergeFilter,
  toEffectiveFilter,
  type EffectiveFilter,
  type FilterAddition,
} from './effective-filter';
import { DISABLE_ENTRY, findMatchingEntry } from './filter-entry';

/** The engine's filter state of one session. */
export interface FilterState {
  /** The filter of the last response that carried one (it replaces earlier ones). */
  filter: EffectiveFilter | undefined;
  /** Set for good once any filter held the `*` entry alone: no later event is sent. */
  disabled: boolean;
}

export const INITIAL_FILTER_STATE: FilterState = Object.freeze({ filter: undefined, disabled: false });

export type FilterReason = 'events_to_ignore' | 'keys_to_ignore' | 'webhook_disabled';

export type FilterDecision = { sent: true } | { sent: false; reason: FilterReason; entry: string };

/**
 * How an engine reads the two points of its filtering rules that can be read two ways (see
 * docs/filters.md, "The engine model"). Every field is optional; absent means rulehook's default reading.
 */
export interface FilterReading {
  /** `sent` (default): `keys_to_ignore` never filters an event whose delta is empty; `filtered`: it does. */
  emptyDelta?: 'sent' | 'filtered';
  /** `replaces` (default): a response's `event_filter` replaces the session's; `adds`: it is merged into it. */
  laterFilter?: 'replaces' | 'adds';
}

/**
 * What the engine does when a response carries `event_filter`: by default it becomes the session's filter.
 * The filter is taken as the wire carries it: a list or map left out (proto3 JSON omits empty ones) is empty.
 */
export function applyResponseFilter(
  state: FilterState,
  filter: FilterAddition,
  reading: FilterReading = {},
): FilterState {
  const next =
    reading.laterFilter === 'adds'
      ? mergeFilter(state.filter ?? EMPTY_FILTER, filter)
      : toEffectiveFilter(filter);
  const disables =
    next.events_to_ignore.includes(DISABLE_ENTRY) || next.keys_to_ignore.includes(DISABLE_ENTRY);
  return { filter: next, disabled: state.disabled || disables };
}

/**
 * Whether the engine sends an event, by the spec's filtering rules:
 * a disabled session sends nothing; `events_to_ignore` is checked first and wins
 * whatever changed; `keys_to_ignore` filters an event when the delta is not empty
 * and every delta key matches an entry (by default an empty delta is never filtered by it; with
 * `emptyDelta: 'filtered'` it always is, and `entry` is the list's first entry).
 * `values_to_ignore` is "currently unsupported" and has no effect.
 * For `keys_to_ignore`, `entry` is the entry matching the first key of the (sorted) delta.
 */
export function decideEvent(
  state: FilterState,
  eventName: string,
  delta: readonly string[],
  reading: FilterReading = {},
): FilterDecision {
  if (state.disabled) return { sent: false, reason: 'webhook_disabled', entry: DISABLE_ENTRY };
  const filter = state.filter;
  if (filter === undefined) return { sent: true };
  const eventEntry = findMatchingEntry(filter.events_to_ignore, eventName);
  if (eventEntry !== undefined) return { sent: false, reason: 'events_to_ignore', entry: eventEntry };
  if (filter.keys_to_ignore.length === 0) return { sent: true };
  if (delta.length === 0)
    return reading.emptyDelta === 'filtered'
      ? { sent: false, reason: 'keys_to_ignore', entry: filter.keys_to_ignore[0] as string }
      : { sent: true };
  let first: string | undefined;
  for (const key of delta) {
    const entry = findMatchingEntry(filter.keys_to_ignore, key);
    if (entry === undefined) return { sent: true };
    first ??= entry;
  }
  return { sent: false, reason: 'keys_to_ignore', entry: first as string };
}
