/** A number written with a decimal comma (`0,35`, `-1,5`), as many locales write it. */
const DECIMAL_COMMA = /^\s*([+-]?\d+),(\d+)\s*$/;

/**
 * For text where a number is expected: the number it was meant as, and why it is
 * not one, or undefined. A decimal comma is read as a decimal point unless it
 * could as well separate thousands (`1,500`: 1.5 or 1500?), which is said but not
 * guessed. `whole`: only whole numbers will do (a quoted `"1.5"` gets no hint).
 */
export function hintNumber(data: unknown, whole = false): { value?: string; reason: string } | undefined {
  if (typeof data !== 'string') return undefined;
  const comma = DECIMAL_COMMA.exec(data);
  if (comma) {
    const [, units = '', decimals = ''] = comma;
    const point = `${units}.${decimals}`;
    if (decimals.length === 3 && !/^[+-]?0$/.test(units)) {
      const thousands = `${units}${decimals}`;
      return {
        reason: `a number has no comma: write ${point} for a decimal, ${thousands} for thousands`,
      };
    }
    if (whole) return undefined;
    return { value: point, reason: `a number is written with a decimal point, not a comma: write ${point}` };
  }
  const trimmed = data.trim();
  if (trimmed === '' || !/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  if (!Number.isFinite(value) || (whole && !Number.isInteger(value))) return undefined;
  return { value: trimmed, reason: `in quotes, ${trimmed} is text; write ${trimmed} without quotes` };
}
