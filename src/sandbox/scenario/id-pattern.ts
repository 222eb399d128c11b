/**
 * The `*` patterns of `recordings[].recording_id`: each `*` matches any run of characters (the empty one
 * too), every other character only itself; `*` alone matches every id. Nothing else is special (a recording
 * id is opaque text, so `?`, `[`, `{`, `/` and `.` are ordinary), and no regular expression is built from the
 * pattern: matching costs time linear in the lengths of the id and the pattern.
 */
export const isIdPattern = (id: string): boolean => id.includes('*');

/** Whether `text` matches `pattern` as a whole. */
export function matchIdPattern(pattern: string, text: string): boolean {
  const pieces = pattern.split('*');
  const first = pieces[0]!;
  if (pieces.length === 1) return text === pattern;
  const last = pieces[pieces.length - 1]!;
  if (text.length < first.length + last.length || !text.startsWith(first) || !text.endsWith(last))
    return false;
  // Between the fixed ends, each piece at its leftmost place after the one before: a `*` absorbs whatever
  // lies between, so the leftmost place never loses a match a later place would have had.
  let from = first.length;
  const end = text.length - last.length;
  for (const piece of pieces.slice(1, -1)) {
    if (piece === '') continue;
    const at = findFrom(text, piece, from, end);
    if (at < 0) return false;
    from = at + piece.length;
  }
  return true;
}

/**
 * Whether every id `later` matches, `earlier` matches too, so that `later`, after `earlier` in the file, can
 * never be the first to match. `later`'s `*`s become a character `earlier` lacks: only `earlier`'s own `*`s
 * can stand for such a character, and so for any run put in its place.
 */
export function coversIdPattern(earlier: string, later: string): boolean {
  let stand = 0xe000;
  while (earlier.includes(String.fromCharCode(stand))) stand += 1;
  return matchIdPattern(earlier, later.replaceAll('*', String.fromCharCode(stand)));
}

/**
 * The first place of `piece` in `text` at or after `from` that ends by `end`, or -1: Knuth-Morris-Pratt, so
 * that the search is linear however the piece repeats itself (a built-in `indexOf` gives no such bound).
 */
function findFrom(text: string, piece: string, from: number, end: number): number {
  const fallback = new Int32Array(piece.length);
  for (let i = 1, k = 0; i < piece.length; i++) {
    while (k > 0 && piece[i] !== piece[k]) k = fallback[k - 1]!;
    if (piece[i] === piece[k]) k += 1;
    fallback[i] = k;
  }
  for (let i = from, k = 0; i < end; i++) {
    while (k > 0 && text[i] !== piece[k]) k = fallback[k - 1]!;
    if (text[i] === piece[k]) k += 1;
    if (k === piece.length) return i - piece.length + 1;
  }
  return -1;
}
