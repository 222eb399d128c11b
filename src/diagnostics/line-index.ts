/** A 1-based position: `col` counts UTF-16 code units, like editors' and tsc's columns. */
export interface Position {
  line: number;
  col: number;
}

export interface LineIndex {
  /** Position of an offset; offsets past the end clamp to the end of the text. */
  positionAt(offset: number): Position;
  /** The text of a 1-based line, without its line break. */
  lineText(line: number): string;
  readonly lineCount: number;
}

/**
 * Maps offsets to lines and columns. Line starts are computed on first use only,
 * so building an index for a file nobody prints costs nothing. `\r\n`, `\n` and
 * a lone `\r` each end a line.
 */
export function createLineIndex(text: string): LineIndex {
  let starts: number[] | undefined;
  const lineStarts = (): number[] => (starts ??= computeLineStarts(text));

  const positionAt = (offset: number): Position => {
    const clamped = Math.max(0, Math.min(offset, text.length));
    const all = lineStarts();
    let low = 0;
    let high = all.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (all[mid] <= clamped) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, col: clamped - all[low] + 1 };
  };

  const lineText = (line: number): string => {
    const all = lineStarts();
    const start = all[line - 1];
    if (start === undefined) return '';
    const next = all[line] ?? text.length;
    return text.slice(start, next).replace(/\r?\n$|\r$/, '');
  };

  return {
    positionAt,
    lineText,
    get lineCount() {
      return lineStarts().length;
    },
  };
}

function computeLineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 10 /* \n */) starts.push(i + 1);
    else if (ch === 13 /* \r */ && text.charCodeAt(i + 1) !== 10) starts.push(i + 1);
  }
  return starts;
}
