import { readFlow } from './read-flow';
import { readSiblings } from './read-siblings';

/**
 * Where the cursor is in a YAML document, told from the text alone so that it
 * works while the file is half-typed (the YAML parser gives up on exactly the
 * text being typed: `on: [VER`, a key without its colon). Block structure comes
 * from indentation, flow collections on the cursor's line from their brackets
 * (a flow collection continued from an earlier line is not followed).
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
  /** In the text of a block scalar (`description: |`) or of a comment: only a template names something there. */
  inText: boolean;
  /** The `key: value` pairs of the mapping the cursor is in (the `var` of a condition): see readSiblings. */
  siblings: Record<string, string>;
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
  // A comment, and an anchor or tag alone, leave a key without a value: `if:   # note`, `big: &big`.
  const rest = line
    .slice(match[0].length)
    .replace(/(^|\s+)#.*$/, '')
    .replace(/^[&!]\S*$/, '');
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
  const lines = text.slice(0, lineStart).split(/\r?\n/);
  const shape = shapeLine(before) ?? { dashes: [], keyColumn: before.length, rest: '' };
  const item: Record<string, string> = {};
  const up = walkUp(lines, shape, item, text.slice(lineStart).split(/\r?\n/));
  const path = up.path;
  path.push(...shape.dashes.map(() => '*'));
  if (shape.key !== undefined) path.push(shape.key);
  const flow = readFlow(shape.key === undefined ? before.slice(shape.keyColumn) : shape.rest);
  path.push(...flow.keys);
  // Outside brackets: after `key:` or `- `, a value is typed; at the start of a line, a key. A word
  // followed by its colon is a key wherever it is (`- var: x`).
  const keyed = /^\s*:(\s|$)/.test(line.slice(end - lineStart));
  const role =
    keyed || (flow.open ? flow.role === 'key' : shape.key === undefined && shape.dashes.length === 0)
      ? 'key'
      : 'value';
  const inText = up.inBlockScalar || /(^|\s)#/.test(before.replace(/"[^"]*"|'[^']*'/g, '""'));
  const siblings = readSiblings(text, offset);
  return { path, role, prefix, start, end, template, item, inText, siblings };
}

/** The keys above the cursor's line, read by indentation; fills `item` with the innermost list item's pairs. */
function walkUp(
  lines: string[],
  current: LineShape,
  item: Record<string, string>,
  below: string[],
): { path: string[]; inBlockScalar: boolean } {
  const path: string[] = [];
  let inBlockScalar = false;
  let threshold = current.dashes[0] ?? current.keyColumn;
  let itemFound = current.dashes.length > 0;
  if (itemFound) collectItem(current.dashes.at(-1)!, [], below, item);
  for (let i = lines.length - 1; i >= 0 && threshold > 0; i--) {
    const shape = shapeLine(lines[i]!);
    if (shape === undefined) continue;
    if (shape.key !== undefined && shape.keyColumn < threshold) {
      // Lines deeper than a `key: |` are its text, whatever they look like.
      if (/^[|>]/.test(shape.rest)) inBlockScalar = true;
      else if (shape.rest !== '') return { path: path.reverse(), inBlockScalar };
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
  return { path: path.reverse(), inBlockScalar };
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
