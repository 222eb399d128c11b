import type { Ratio, Summary } from './measure';

/** Prints an aligned text table: the first `leftColumns` columns (labels) left-aligned, the others right-aligned. */
export function printTable(
  title: string,
  header: readonly string[],
  rows: readonly (readonly string[])[],
  leftColumns = 1,
): void {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((row) => (row[c] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, c) =>
        c < leftColumns ? cell.padEnd(widths[c] as number) : cell.padStart(widths[c] as number),
      )
      .join('  ');
  console.log(`\n${title}`);
  console.log(`  ${line(header)}`);
  console.log(`  ${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of rows) console.log(`  ${line(row)}`);
}

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A count or rate with thousands separators: `12,345`. */
export function formatCount(value: number): string {
  return grouped.format(value);
}

/** A duration given in ns, in the unit that keeps it readable. */
export function formatNs(ns: number): string {
  if (ns < 1_000) return `${ns.toFixed(0)} ns`;
  if (ns < 1_000_000) return `${(ns / 1_000).toFixed(ns < 10_000 ? 2 : 1)} µs`;
  return `${(ns / 1_000_000).toFixed(2)} ms`;
}

/** Two decimals, or two significant digits below 0.1 (so that 0.004 does not read 0.00). */
function formatFactor(value: number): string {
  return value >= 0.1 ? value.toFixed(2) : value.toPrecision(2);
}

/** `1.03x (0.98–1.07)`: the median ratio and the quartiles of the per-round ratios. */
export function formatRatio(ratio: Ratio | undefined): string {
  if (ratio === undefined) return '';
  if (ratio.q1 === ratio.q3) return `${formatFactor(ratio.median)}x`;
  return `${formatFactor(ratio.median)}x (${formatFactor(ratio.q1)}–${formatFactor(ratio.q3)})`;
}

/** The same ratio turned over (e.g. time ratio → throughput ratio). */
export function invertRatio(ratio: Ratio): Ratio {
  return { median: 1 / ratio.median, q1: 1 / ratio.q3, q3: 1 / ratio.q1 };
}

export function formatPercent(fraction: number): string {
  return `${(fraction * 100).toFixed(1)}%`;
}

/** The cells every detail table ends with: time per operation, operations/s, noise, cost vs the baseline. */
export function formatTimingCells(s: Summary): string[] {
  return [formatNs(s.nsPerOp), formatCount(s.opsPerSec), formatPercent(s.noise), formatRatio(s.cost)];
}
