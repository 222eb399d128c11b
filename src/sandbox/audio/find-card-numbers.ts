import { normaliseWords } from './align-words';

/** Card numbers have 13 to 19 digits (ISO/IEC 7812). */
const MIN_DIGITS = 13;
const MAX_DIGITS = 19;

/** Whether a digit string passes the Luhn check (ISO/IEC 7812-1 check digit). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** The digits a word says: "4111" -> "4111", "4111-1111" -> "41111111", "seven" -> "7"; undefined for other words. */
function readDigits(word: string): string | undefined {
  if (/^\d[\d-]*[.,]?$/.test(word)) return word.replace(/\D/g, '');
  const words = normaliseWords(word);
  return words.length === 1 && /^\d$/.test(words[0]!) ? words[0] : undefined;
}

/**
 * The indexes of the words that say a card number: runs of consecutive words
 * each saying digits (written or spoken), in which words i..j together say 13 to
 * 19 digits that pass the Luhn check. Longest match first, left to right;
 * matches never overlap.
 */
export function findCardWords(words: readonly string[]): Set<number> {
  const digits = words.map(readDigits);
  const found = new Set<number>();
  for (let i = 0; i < words.length; i++) {
    if (digits[i] === undefined) continue;
    const end = findLongestCardFrom(digits, i);
    if (end === undefined) continue;
    for (let k = i; k <= end; k++) found.add(k);
    i = end;
  }
  return found;
}

function findLongestCardFrom(digits: readonly (string | undefined)[], start: number): number | undefined {
  let text = '';
  let best: number | undefined;
  for (let j = start; j < digits.length && digits[j] !== undefined; j++) {
    text += digits[j];
    if (text.length > MAX_DIGITS) break;
    if (text.length >= MIN_DIGITS && passesLuhn(text)) best = j;
  }
  return best;
}
