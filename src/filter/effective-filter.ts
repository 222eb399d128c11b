/**
 * A session's effective event filter: what the webhook has asked the engine to
 * ignore so far. The spec says a filter holds "for the rest of the session" and a
 * later one replaces it, so rule outputs are merged into it and it is always sent whole.
 */
export interface EffectiveFilter {
  readonly keys_to_ignore: readonly string[];
  readonly events_to_ignore: readonly string[];
  /** Carried on the wire, "currently unsupported" by the engine. */
  readonly values_to_ignore: Readonly<Record<string, string>>;
}

export const EMPTY_FILTER: EffectiveFilter = Object.freeze({
  keys_to_ignore: Object.freeze([]) as readonly string[],
  events_to_ignore: Object.freeze([]) as readonly string[],
  values_to_ignore: Object.freeze({}),
});

export interface FilterAddition {
  keys_to_ignore?: readonly string[];
  events_to_ignore?: readonly string[];
  values_to_ignore?: Readonly<Record<string, string>>;
}

function unionInOrder(base: readonly string[], added: readonly string[] | undefined): readonly string[] {
  if (added === undefined || added.every((entry) => base.includes(entry))) return base;
  const out = [...base];
  for (const entry of added) if (!out.includes(entry)) out.push(entry);
  return out;
}

/**
 * Merges an addition into a filter: lists by union in first-seen order without
 * duplicates; `values_to_ignore` entries by key (first value kept). Returns the
 * same object when nothing changed, so callers can test `merged !== base`.
 */
export function mergeFilter(base: EffectiveFilter, addition: FilterAddition): EffectiveFilter {
  const keys = unionInOrder(base.keys_to_ignore, addition.keys_to_ignore);
  const events = unionInOrder(base.events_to_ignore, addition.events_to_ignore);
  let values = base.values_to_ignore;
  for (const [key, value] of Object.entries(addition.values_to_ignore ?? {})) {
    if (!Object.hasOwn(values, key)) values = { ...values, [key]: value };
  }
  if (keys === base.keys_to_ignore && events === base.events_to_ignore && values === base.values_to_ignore)
    return base;
  return { keys_to_ignore: keys, events_to_ignore: events, values_to_ignore: values };
}

/**
 * A filter as a response carries it, as a whole filter: proto3 JSON leaves out empty lists and maps, so a
 * field left out is empty. A filter with every field is returned as it is.
 */
export function toEffectiveFilter(filter: FilterAddition): EffectiveFilter {
  if (isWholeFilter(filter)) return filter;
  return {
    keys_to_ignore: filter.keys_to_ignore ?? EMPTY_FILTER.keys_to_ignore,
    events_to_ignore: filter.events_to_ignore ?? EMPTY_FILTER.events_to_ignore,
    values_to_ignore: filter.values_to_ignore ?? EMPTY_FILTER.values_to_ignore,
  };
}

function isWholeFilter(filter: FilterAddition): filter is EffectiveFilter {
  return (
    filter.keys_to_ignore !== undefined &&
    filter.events_to_ignore !== undefined &&
    filter.values_to_ignore !== undefined
  );
}
