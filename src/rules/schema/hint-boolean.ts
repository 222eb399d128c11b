/** Text that reads as a yes or a no, to the boolean meant; `y`/`n`, `on`/`off` are YAML 1.1's. */
const BOOLEAN_WORDS: Readonly<Record<string, boolean>> = {
  true: true,
  false: false,
  yes: true,
  no: false,
  y: true,
  n: false,
  on: true,
  off: false,
};

/**
 * For text where `true` or `false` is expected: the boolean it reads as, and why
 * it is text (quoted `"true"`; `yes`/`on`, which YAML 1.2 reads as text).
 */
export function hintBoolean(data: unknown): { value: string; reason: string } | undefined {
  if (typeof data !== 'string') return undefined;
  const word = data.trim().toLowerCase();
  if (!Object.hasOwn(BOOLEAN_WORDS, word)) return undefined;
  const meant = BOOLEAN_WORDS[word];
  const value = String(meant);
  const quoted = word === value;
  const reason = quoted
    ? `in quotes, ${value} is text; write ${value} without quotes`
    : `only true and false are yes/no values; write ${value}`;
  return { value, reason };
}
