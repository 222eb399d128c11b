/** Lower-case words, punctuation dropped: what the recognizer's dictionary spells. */
export const toWords = (text: string): string[] =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}' ]+/gu, ' ')
    .split(/\s+/)
    .filter((w) => w !== '');

/**
 * Word accuracy, 1 - WER: one minus the word-level edit distance (substitutions,
 * insertions, deletions) from the reference to the hypothesis, over the
 * reference's word count. Can be negative when the hypothesis adds many words.
 */
export function measureWordAccuracy(reference: string, hypothesis: string): number {
  const ref = toWords(reference);
  const hyp = toWords(hypothesis);
  let previous = hyp.map((_, j) => j + 1);
  previous.unshift(0);
  for (const [i, word] of ref.entries()) {
    const row = [i + 1];
    for (const [j, heard] of hyp.entries())
      row.push(Math.min(previous[j + 1]! + 1, row[j]! + 1, previous[j]! + (word === heard ? 0 : 1)));
    previous = row;
  }
  return 1 - previous[hyp.length]! / ref.length;
}
