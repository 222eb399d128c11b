/** What the flow collections open at the cursor say: the keys they are under, and what is typed in the innermost. */
export interface FlowPosition {
  /** Whether the cursor is inside `[` or `{`. */
  open: boolean;
  /** Keys of the open collections (`*` for an item of a flow list), outermost first. */
  keys: string[];
  role: 'key' | 'value';
}

/**
 * Reads the flow collections open at the end of `rest`, the part of the cursor's
 * line after its block key or dash (`[A, B` / `{ var: x, in: { list: `). Quoted
 * text is skipped, so brackets and commas inside quotes do not count.
 */
export function readFlow(rest: string): FlowPosition {
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
