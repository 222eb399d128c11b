const GROUPED = new Intl.NumberFormat('en-US');

/**
 * A count or size as people read it in messages and reports, with thousands
 * separators whatever the locale: 262144 → "262,144". The one formatter of
 * counts for every layer, hence in the lowest one.
 */
export function formatCount(n: number): string {
  return GROUPED.format(n);
}
