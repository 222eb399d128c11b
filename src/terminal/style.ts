/**
 * ANSI styles for terminal output: one table of opening and closing codes
 * (the pairs `util.styleText` uses), so that nested styles close only
 * themselves. Whether to colour is the caller's decision (`shouldColor`).
 */
const CODES = {
  bold: [1, 22],
  dim: [2, 22],
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  cyan: [36, 39],
  gray: [90, 39],
} as const;

export type Style = keyof typeof CODES;

/** `text` in `style` when `enabled`, unchanged otherwise. */
export function paint(text: string, style: Style, enabled = true): string {
  if (!enabled) return text;
  const [open, close] = CODES[style];
  return `\u001b[${open}m${text}\u001b[${close}m`;
}
