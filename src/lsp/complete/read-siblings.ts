/**
 * The `key: value` pairs written in the mapping the cursor is in, values as plain text (quotes and
 * comments removed; nested collections left out): what completion needs to know of the cursor's
 * neighbours, such as the `var` of the condition whose operand is being typed. The mapping is the
 * innermost flow mapping `{ ... }` open at the cursor on its line, else the block mapping whose keys
 * sit where the cursor line's key does (for a line without a key, such as an item of a block list,
 * the mapping holding the key that list belongs to). Told from the text, like findCursorContext.
 */
export function readSiblings(text: string, offset: number): Record<string, string> {
  const lines = text.split('\n').map((line) => line.replace(/\r$/, ''));
  const row = text.slice(0, offset).split('\n').length - 1;
  const column = offset - (text.lastIndexOf('\n', offset - 1) + 1);
  const line = lines[row] ?? '';
  const brace = findOpenBrace(line, column);
  if (brace !== undefined) return readFlowPairs(line.slice(brace + 1));
  const anchor = findAnchor(lines, row, line.slice(0, column));
  return anchor === undefined ? {} : readBlockPairs(lines, anchor);
}

const LINE = /^(\s*)((?:-\s+)*)(?:([^\s#'"{[\]},][^:#]*?|"[^"]*"|'[^']*'):(?:\s+|$))?(.*)$/;

interface Shape {
  indent: number;
  dashed: boolean;
  keyColumn: number;
  key?: string;
  value: string;
}

function shapeOf(line: string): Shape | undefined {
  if (/^\s*(#|$)/.test(line)) return undefined;
  const [, spaces = '', dashes = '', key, rest = ''] = LINE.exec(line)!;
  const value = unquote(rest.replace(/(^|\s+)#.*$/, ''));
  const shape: Shape = {
    indent: spaces.length,
    dashed: dashes !== '',
    keyColumn: spaces.length + dashes.length,
    value,
  };
  if (key !== undefined) shape.key = unquote(key);
  return shape;
}

function unquote(text: string): string {
  return text.trim().replace(/^(["'])(.*)\1$/, '$2');
}

/** The column of the innermost `{` still open at `column` of `line` (quoted text skipped). */
function findOpenBrace(line: string, column: number): number | undefined {
  const open: { at: number; kind: string }[] = [];
  let quote: string | undefined;
  for (let i = 0; i < column && i < line.length; i++) {
    const ch = line[i]!;
    if (quote !== undefined) quote = ch === quote ? undefined : quote;
    else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '{' || ch === '[') open.push({ at: i, kind: ch });
    else if (ch === '}' || ch === ']') open.pop();
    else if (ch === '#' && (i === 0 || /\s/.test(line[i - 1]!))) return undefined;
  }
  return open.filter((o) => o.kind === '{').at(-1)?.at;
}

/** The pairs of a flow mapping, from just after its `{` to its `}` (or the line's end). */
function readFlowPairs(rest: string): Record<string, string> {
  const pairs: Record<string, string> = {};
  let depth = 0;
  let quote: string | undefined;
  let segment = '';
  const flush = () => {
    const match = /^\s*([^\s:'"]+|"[^"]*"|'[^']*')\s*:\s+([^[{].*)$/.exec(segment);
    if (match) pairs[unquote(match[1]!)] ??= unquote(match[2]!);
    segment = '';
  };
  for (const ch of rest) {
    if (quote !== undefined) quote = ch === quote ? undefined : quote;
    else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '{' || ch === '[') depth++;
    else if ((ch === '}' || ch === ']') && depth-- === 0) break;
    else if (ch === ',' && depth === 0) {
      flush();
      continue;
    }
    segment += ch;
  }
  flush();
  return pairs;
}

/** The line holding a key of the cursor's mapping: the cursor's own when a key precedes it there. */
function findAnchor(lines: string[], row: number, before: string): number | undefined {
  const own = shapeOf(before);
  if (own?.key !== undefined) return row;
  const indent = own?.indent ?? before.length;
  for (let i = row - 1; i >= 0; i--) {
    const shape = shapeOf(lines[i]!);
    // A block list may be written at its key's column (`in:` then `- A` below it).
    const owns =
      shape !== undefined &&
      (shape.keyColumn < indent || (own?.dashed && !shape.dashed && shape.keyColumn === indent));
    if (shape?.key !== undefined && owns) return i;
    if (shape !== undefined && shape.indent < indent && shape.key === undefined) return undefined;
  }
  return undefined;
}

function readBlockPairs(lines: string[], anchor: number): Record<string, string> {
  const pairs: Record<string, string> = {};
  const column = shapeOf(lines[anchor]!)!.keyColumn;
  const record = (shape: Shape) => {
    if (shape.key !== undefined && shape.value !== '' && !/^[[{|>&*!]/.test(shape.value))
      pairs[shape.key] ??= shape.value;
  };
  for (let i = anchor; i >= 0; i--) {
    const shape = shapeOf(lines[i]!);
    if (shape === undefined || shape.indent > column || (shape.indent === column && shape.dashed)) continue;
    if (shape.keyColumn !== column) break;
    record(shape);
    if (shape.dashed) break;
  }
  for (let i = anchor + 1; i < lines.length; i++) {
    const shape = shapeOf(lines[i]!);
    if (shape === undefined || shape.indent > column || (shape.indent === column && shape.dashed)) continue;
    if (shape.indent < column || shape.dashed) break;
    record(shape);
  }
  return pairs;
}
