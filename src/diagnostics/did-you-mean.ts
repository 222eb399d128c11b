/**
 * "Did you mean" suggestions: the candidate closest to what was written, by
 * edit distance (insertions, deletions, substitutions and swaps of neighbours),
 * ignoring case. A candidate is offered only when it is close enough that the
 * suggestion is more likely helpful than puzzling: about a third of the longer name.
 * Names longer than `MAX_SUGGESTED_LENGTH` get none: the distance costs the
 * product of the two lengths, and such names are not typed by hand.
 */
export function suggestName(written: string, candidates: Iterable<string>): string | undefined {
  if (written.length > MAX_SUGGESTED_LENGTH) return undefined;
  const target = written.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    if (candidate === written) continue;
    const lower = candidate.toLowerCase();
    const limit = Math.floor(Math.max(target.length, lower.length) * 0.34);
    if (Math.abs(target.length - lower.length) > limit) continue;
    const distance = measureEditDistance(target, lower);
    if (distance <= limit && distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

const MAX_SUGGESTED_LENGTH = 100;

/** Optimal string alignment distance (Damerau-Levenshtein without repeated edits of one substring). */
export function measureEditDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, d[i - 2][j - 2] + 1);
      }
      d[i][j] = value;
    }
  }
  return d[a.length][b.length];
}
