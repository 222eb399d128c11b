const SPOKEN_DIGITS: Readonly<Record<string, string>> = {
  zero: '0',
  oh: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
};

/**
 * The words of a text, normalised for comparison: lower case, punctuation
 * dropped (apostrophes kept inside words), digit sequences split into single
 * digits and spoken digits written as digits, so "4 1 1", "411" and "four one
 * one" compare equal.
 */
export function normaliseWords(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
  return words.flatMap((word) => {
    const bare = word.replace(/^'+|'+$/g, '');
    if (/^\d+$/.test(bare)) return [...bare];
    const digit = SPOKEN_DIGITS[bare];
    return digit !== undefined ? [digit] : bare === '' ? [] : [bare];
  });
}

/** Length of the longest common subsequence of two word lists (O(n·m) time, O(m) memory). */
export function countAlignedWords(a: readonly string[], b: readonly string[]): number {
  let previous = new Array<number>(b.length + 1).fill(0);
  for (const word of a) {
    const row = [0];
    for (let j = 0; j < b.length; j++)
      row.push(word === b[j] ? previous[j]! + 1 : Math.max(previous[j + 1]!, row[j]!));
    previous = row;
  }
  return previous[b.length]!;
}

/**
 * ValidateText's score, 0 to 1: 2·L / (|E| + |D|), where E and D are the
 * normalised words of the expected and detected texts and L the number of words
 * aligned between them (their longest common subsequence). 1 when they are
 * equal, lower for every word missing, extra or different; 0 when both are empty.
 */
export function scoreTextMatch(expected: string, detected: string): number {
  const e = normaliseWords(expected);
  const d = normaliseWords(detected);
  if (e.length + d.length === 0) return 0;
  return (2 * countAlignedWords(e, d)) / (e.length + d.length);
}
