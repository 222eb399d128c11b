/**
 * Where the cursor is in a YAML document, told from the text alone so that it
 * works while the file is half-typed (the YAML parser gives up on exactly the
 * text being typed: `on: [VER`, a key without its colon). Block structure comes
 * from indentation, flow collections on the cursor's line from their brackets.
 * Hand-written for that reason: a parser recovers a document, not a position.
 */
export interface CursorContext {
  /** Keys from the root to the mapping or list being typed in; `*` stands for a list item. */
  path: string[];
  /** A key of the mapping at `path`, or a value (of `path`'s last key, or an item of its list). */
  role: 'key' | 'value';
  /** The part of the word already typed, and where it is: a completion replaces it. */
  prefix: string;
  start: number;
  end: number;
  /** Inside `${` of a text value: a variable name is being typed. */
  template: boolean;
  /** The `key: value` pairs written on the lines of the innermost list item (the `action` of a `schedule` item). */
  item: Record<string, string>;
}

const WORD_END = /[^\s,[\]{}'":]*$/;
const WORD_START = /^[^\s,[\]{}'":]*/;
const BLOCK_LINE = /^(\s*)((?:-\s+)*)(?:([^\s#'"{[][^:#]*?|"[^"]*"|'[^']*'):(?:\s+|$))?/;

interface LineShape {
  /** Columns of the dashes of list items. */
  dashes: number[];
  key?: string;
  keyColumn: number;
  /** The text after `key:`, comments removed. */
  rest: string;
}

function shapeLine(line: string): LineShape | undefined {
  if (/^\s*(#|$)/.test(line)) return undefined;
  const match = BLOCK_LINE.exec(line)!;
  const indent = match[1]!.length;
  const dashes: number[] = [];
  let column = indent;
  for (const dash of match[2]!.matchAll(/-\s+/g)) {
    dashes.push(column);
    column += dash[0].length;
  }
  const key = match[3]?.replace(/^["']|["']$/g, '').trim();
  const rest = line.slice(match[0].length).replace(/\s+#.*$/, '');
  return key === undefined ? { dashes, keyColumn: column, rest } : { dashes, key, keyColumn: column, rest };
}

export function findCursorContext(text: string, offset: number): CursorContext {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const lineEndAt = text.indexOf('\n', offset);
  const line = text.slice(lineStart, lineEndAt < 0 ? text.length : lineEndAt).replace(/\r$/, '');
  const before = line.slice(0, offset - lineStart);
  const prefix = WORD_END.exec(before)![0].replace(/^\$\{/, '');
  const after = WORD_START.exec(line.slice(offset - lineStart))![0];
  const start = offset - prefix.length;
  const end = offset + after.length;
  const template = /\$\{[^}]*$/.test(before);
  const lines = text.slice(0, lineStart).split('\n');
  const shape = shapeLine(before) ?? { dashes: [], keyColumn: before.length, rest: '' };
  const item: Record<string, string> = {};
  const path = walkUp(lines, shape, item, text.slice(lineStart).split('\n'));
  path.push(...shape.dashes.map(() => '*'));
  if (shape.key !== undefined) path.push(shape.key);
  const flow = readFlow(shape.key === undefined ? before.slice(shape.keyColumn) : shape.rest);
  path.push(...flow.keys);
  // Outside brackets: after `key:` or `- `, a value is typed; at the start of a line, a key.
  const role = flow.open ? flow.role : shape.key !== undefined || shape.dashes.length > 0 ? 'value' : 'key';
  return { path, role, prefix, start, end, template, item };
}

/** The keys above the cursor's line, read by indentation; fills `item` with the innermost list item's pairs. */
function walkUp(
  lines: string[],
  current: LineShape,
  item: Record<string, string>,
  below: string[],
): string[] {
  const path: string[] = [];
  let threshold = current.dashes[0] ?? current.keyColumn;
  let itemFound = current.dashes.length > 0;
  if (itemFound) collectItem(current.dashes.at(-1)!, [], below, item);
  for (let i = lines.length - 1; i >= 0 && threshold > 0; i--) {
    const shape = shapeLine(lines[i]!);
    if (shape === undefined) continue;
    if (shape.key !== undefined && shape.keyColumn < threshold) {
      if (shape.rest !== '' && !/^[|>]/.test(shape.rest)) return path.reverse();
      path.push(shape.key);
      threshold = shape.keyColumn;
    }
    for (let d = shape.dashes.length - 1; d >= 0; d--) {
      if (shape.dashes[d]! >= threshold) continue;
      path.push('*');
      threshold = shape.dashes[d]!;
      if (!itemFound) {
        itemFound = true;
        collectItem(threshold, lines.slice(i), below, item);
      }
    }
  }
  return path.reverse();
}

/** The `key: value` pairs of the list item whose dash is at `dash`, from its first line on. */
function collectItem(dash: number, from: string[], below: string[], item: Record<string, string>): void {
  const all = [...from, ...below];
  for (const [index, line] of all.entries()) {
    const shape = shapeLine(line);
    if (shape === undefined) continue;
    const first = index === 0;
    if (!first && (shape.dashes[0] ?? shape.keyColumn) <= dash) break;
    if (shape.key !== undefined && shape.keyColumn === dash + 2 && shape.rest !== '')
      item[shape.key] ??= shape.rest.replace(/^["']|["']$/g, '');
  }
}

/** The flow collections open at the end of `rest` (`[A, B` / `{ var: x, in: { list: `). */
function readFlow(rest: string): { open: boolean; keys: string[]; role: CursorContext['role'] } {
  const frames: { kind: '[' | '{'; key: string | undefined }[] = [];
  let segment = '';
  let quote: string | undefined;
  for (const ch of rest) {
    if (quote !== undefined) {
      if (ch === quote) quote = undefined;
      segment += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      segment += ch;
    } else if (ch === '[' || ch === '{') {
      frames.push({ kind: ch, key: keyOf(segment) });
      segment = '';
    } else if (ch === ']' || ch === '}') {
      frames.pop();
      segment = '';
    } else if (ch === ',') segment = '';
    else segment += ch;
  }
  const keys: string[] = [];
  for (const [index, frame] of frames.entries()) {
    if (frame.key !== undefined) keys.push(frame.key);
    if (index > 0 && frames[index - 1]!.kind === '[') keys.push('*');
  }
  const innermost = frames.at(-1);
  if (innermost === undefined) return { open: false, keys, role: 'value' };
  if (innermost.kind === '[') return { open: true, keys, role: 'value' };
  const key = keyOf(segment);
  return key === undefined
    ? { open: true, keys, role: 'key' }
    : { open: true, keys: [...keys, key], role: 'value' };
}

function keyOf(segment: string): string | undefined {
  const match = /^\s*([^\s:'"]+|"[^"]*"|'[^']*')\s*:(\s|$)/.exec(segment);
  return match?.[1]?.replace(/^["']|["']$/g, '');
}
