/**
 * Searches beyond this many steps (values searched for, times the text's length) are not made: the whole
 * text is replaced instead. A few milliseconds of the event loop at most, for a text no ordinary event
 * comes near (five values in a 200-character parameter are 1,000 steps).
 */
export const MAX_SEARCH_STEPS = 1 << 22;

/**
 * `text` with every occurrence of each of `values` replaced by `replace(value)`, in one pass over the
 * text: at each place the leftmost occurrence wins, and of two starting together the longer (`values`
 * must be sorted longest first, none empty), so that a number inside a masked SIP address goes with the address, and
 * a replacement is never searched again. Returns `text` itself when nothing occurs in it. Beyond
 * MAX_SEARCH_STEPS the whole text is `replace(text)`: masked too much rather than searched too long.
 *
 * Hand-written rather than an Aho-Corasick library: the values change with every event and are few, and
 * the engine's string search (`indexOf`, linear in the text) needs no automaton built per event.
 */
export function replaceValues(
  text: string,
  values: readonly string[],
  replace: (value: string) => string,
): string {
  // Longest first: the last value is the shortest, and a text shorter than it holds none.
  if (values.length === 0 || text.length < values[values.length - 1]!.length) return text;
  if (values.length * text.length > MAX_SEARCH_STEPS) return replace(text);
  const next = values.map((value) => text.indexOf(value));
  let out = '';
  let cursor = 0;
  for (;;) {
    let best = -1;
    for (let i = 0; i < values.length; i++) {
      let at = next[i]!;
      // An occurrence overlapping the last replacement is not one any more: look again after it.
      if (at !== -1 && at < cursor) next[i] = at = text.indexOf(values[i]!, cursor);
      if (at !== -1 && (best === -1 || at < next[best]!)) best = i;
    }
    if (best === -1) break;
    const at = next[best]!;
    out += text.slice(cursor, at) + replace(values[best]!);
    cursor = at + values[best]!.length;
  }
  return cursor === 0 ? text : out + text.slice(cursor);
}
