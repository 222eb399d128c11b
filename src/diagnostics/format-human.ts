import { paint } from '../terminal/style';
import type { Diagnostic, Range } from './diagnostic';
import { createLineIndex, type LineIndex } from './line-index';

export interface HumanFormatOptions {
  /** ANSI colours; the caller decides (terminal and NO_COLOR), never this module. */
  color: boolean;
}

type Paint = (text: string) => string;

const PAINTS = {
  file: (text: string) => paint(text, 'cyan'),
  position: (text: string) => paint(text, 'yellow'),
  error: (text: string) => paint(paint(text, 'red'), 'bold'),
  warning: (text: string) => paint(paint(text, 'yellow'), 'bold'),
  dim: (text: string) => paint(text, 'gray'),
};
const id: Paint = (text) => text;
const PLAIN: typeof PAINTS = { file: id, position: id, error: id, warning: id, dim: id };

/**
 * Formats diagnostics for people, one block each:
 *
 *     rules/a.yaml:4:5 - error DUPLICATE_KEY: message
 *
 *        4 |     id: y
 *          |     ^^
 *       did you mean 'x'?
 *
 * A range spanning lines is underlined to the end of its first line. A diagnostic
 * without a range, or whose file text is unknown, is printed as `path - ...` alone.
 * A related location follows as a second, indented headline and frame
 * (`  rules/a.yaml:2:9 - first defined here`).
 */
export function formatHuman(
  diagnostics: readonly Diagnostic[],
  sources: ReadonlyMap<string, string>,
  options: HumanFormatOptions,
): string {
  const paint = options.color ? PAINTS : PLAIN;
  const indexes = new Map<string, LineIndex>();
  const indexOf = (file: string): LineIndex | undefined => {
    const text = sources.get(file);
    if (text === undefined) return undefined;
    let index = indexes.get(file);
    if (!index) indexes.set(file, (index = createLineIndex(text)));
    return index;
  };
  return diagnostics.map((d) => formatOne(d, indexOf, paint)).join('');
}

function formatOne(
  d: Diagnostic,
  indexOf: (file: string) => LineIndex | undefined,
  paint: typeof PAINTS,
): string {
  const severity = d.severity === 'error' ? paint.error('error') : paint.warning('warning');
  const caretPaint = d.severity === 'error' ? paint.error : paint.warning;
  const headline = `${severity} ${paint.dim(d.code)}: ${d.message}`;
  const lines = formatPlace(d.file, d.range, d.range && indexOf(d.file), headline, caretPaint, paint);
  if (d.suggestion !== undefined) lines.push(`  did you mean '${d.suggestion}'?`);
  const related = d.related;
  if (related) {
    const index = indexOf(related.file);
    lines.push(...formatPlace(related.file, related.range, index, related.message, paint.dim, paint, '  '));
  }
  return `${lines.join('\n')}\n\n`;
}

/** `path:line:col - headline`, a blank line and the code frame; or `path - headline` without a known position. */
function formatPlace(
  file: string,
  range: Range | undefined,
  index: LineIndex | undefined,
  headline: string,
  caretPaint: Paint,
  paint: typeof PAINTS,
  indent = '',
): string[] {
  if (!range || !index) return [`${indent}${paint.file(file)} - ${headline}`];
  const start = index.positionAt(range.start);
  const end = index.positionAt(range.end);
  const lines = [
    `${indent}${paint.file(file)}:${paint.position(`${start.line}:${start.col}`)} - ${headline}`,
    '',
  ];
  const shown = clipLine(index.lineText(start.line), start.col);
  const text = shown.text;
  const col = start.col - shown.from;
  const fullWidth = end.line === start.line ? end.col - start.col : text.length - col + 1;
  const width = Math.min(fullWidth, text.length - col + 1);
  const padding = text.slice(0, col - 1).replace(/[^\t]/g, ' ');
  const gutter = String(start.line);
  const blank = ' '.repeat(gutter.length);
  lines.push(`${paint.dim(`  ${gutter} |`)} ${text}`);
  lines.push(`${paint.dim(`  ${blank} |`)} ${padding}${caretPaint('^'.repeat(Math.max(1, width)))}`);
  return lines;
}

/** Longest source line shown whole; a longer one is cut to a window around the column. */
const MAX_SHOWN = 200;

/**
 * The part of a line to show under a headline: all of it, or for a long one
 * (a whole file written on one line) a window starting a little before `col`
 * marked with `…`, so that each diagnostic prints a bounded amount of text.
 * `from` is how many columns were cut on the left, so the caret shifts by as much.
 */
function clipLine(line: string, col: number): { text: string; from: number } {
  if (line.length <= MAX_SHOWN) return { text: line, from: 0 };
  const start = Math.max(0, col - 1 - 40);
  const left = start > 0 ? '…' : '';
  const right = start + MAX_SHOWN < line.length ? '…' : '';
  return { text: left + line.slice(start, start + MAX_SHOWN) + right, from: start - left.length };
}
