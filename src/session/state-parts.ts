import { EMPTY_FILTER, type EffectiveFilter } from '../filter/effective-filter';

/**
 * Text forms of the parts of a session state, shared by the variables rulehook
 * carries in the session and by the Redis store: compact JSON with short keys
 * (they travel with every event). Decoders return undefined for anything that
 * is not exactly what the encoders write.
 */

const isStringArray = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === 'string');
const isStringMap = (v: unknown): v is Record<string, string> =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  Object.values(v).every((x) => typeof x === 'string');

/** The JSON value of `text`, or undefined when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The plain-data form of a filter, before JSON. */
export function fromFilter(filter: EffectiveFilter): {
  k: readonly string[];
  e: readonly string[];
  v: object;
} {
  return { k: filter.keys_to_ignore, e: filter.events_to_ignore, v: filter.values_to_ignore };
}

export function encodeFilter(filter: EffectiveFilter): string {
  return JSON.stringify(fromFilter(filter));
}

export function decodeFilter(text: string): EffectiveFilter | undefined {
  return toFilter(parseJson(text));
}

export function toFilter(raw: unknown): EffectiveFilter | undefined {
  const f = raw as { k?: unknown; e?: unknown; v?: unknown } | null | undefined;
  if (typeof f !== 'object' || f === null || !isStringArray(f.k) || !isStringArray(f.e) || !isStringMap(f.v))
    return undefined;
  if (f.k.length === 0 && f.e.length === 0 && Object.keys(f.v).length === 0) return EMPTY_FILTER;
  return { keys_to_ignore: f.k, events_to_ignore: f.e, values_to_ignore: f.v };
}

export function encodeOnce(onceFired: ReadonlySet<string>): string {
  return JSON.stringify([...onceFired]);
}

export function decodeOnce(text: string): ReadonlySet<string> | undefined {
  return toOnce(parseJson(text));
}

export function toOnce(raw: unknown): ReadonlySet<string> | undefined {
  return isStringArray(raw) ? new Set(raw) : undefined;
}

export function encodeSeen(seen: ReadonlyMap<string, string>): string {
  return JSON.stringify(Object.fromEntries(seen));
}

export function decodeSeen(text: string): ReadonlyMap<string, string> | undefined {
  return toSeen(parseJson(text));
}

export function toSeen(raw: unknown): ReadonlyMap<string, string> | undefined {
  return isStringMap(raw) ? new Map(Object.entries(raw)) : undefined;
}
