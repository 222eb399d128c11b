import { DOT, readLiteral, SLASH, type GlobNode } from './glob-syntax';
import { isInClass } from './match-class';

type SingleNode = Extract<GlobNode, { kind: 'char' | 'any' | 'class' }>;

/** A run of single-character nodes between stars; `literal` when all are literal characters. */
interface Chunk {
  nodes: readonly SingleNode[];
  literal: string | undefined;
}

/** One `/`-separated segment of the pattern: chunks separated by stars (`a*b?c` is `a`, `b?c`). */
interface Segment {
  chunks: readonly Chunk[];
  /** Starts with `*` or `?`: does not match a segment starting with `.`. */
  guardsDot: boolean;
}

/**
 * The matcher for globs without braces or `**`, which are most. The pattern's
 * `/` then align with the text's, so each segment is matched on its own; within
 * a segment, where `*` matches anything, the chunk after a star is best taken at
 * its leftmost place, and the last chunk is anchored at the end. Literal chunks
 * use the engine's string search. Time: the text's length times the longest
 * chunk's at most (`*a*a*a*b` is linear; a backtracking regex is not). Undefined
 * for patterns with braces or `**` (glob-automaton.ts runs those).
 */
export function compileSegmentMatcher(nodes: readonly GlobNode[]): ((text: string) => boolean) | undefined {
  const segments: Segment[] = [];
  let chunks: Chunk[] = [];
  let current: SingleNode[] = [];
  let first: GlobNode | undefined;
  const endChunk = (): void => {
    chunks.push({ nodes: current, literal: readLiteral(current) });
    current = [];
  };
  for (const node of [...nodes, undefined]) {
    if (node === undefined || (node.kind === 'char' && node.code === SLASH)) {
      endChunk();
      segments.push({ chunks, guardsDot: first?.kind === 'star' || first?.kind === 'any' });
      chunks = [];
      first = undefined;
      continue;
    }
    first ??= node;
    if (node.kind === 'alt' || node.kind === 'globstar') return undefined;
    if (node.kind === 'star') endChunk();
    else current.push(node);
  }
  return (text) => matchSegments(segments, text);
}

function matchSegments(segments: readonly Segment[], text: string): boolean {
  let start = 0;
  const last = segments.length - 1;
  for (let i = 0; i <= last; i++) {
    const end = text.indexOf('/', start);
    if (i === last ? end !== -1 : end === -1) return false;
    if (!matchSegment(segments[i]!, text, start, i === last ? text.length : end)) return false;
    start = end + 1;
  }
  return true;
}

function matchSegment(segment: Segment, text: string, start: number, end: number): boolean {
  if (segment.guardsDot && start < end && text.charCodeAt(start) === DOT) return false;
  const chunks = segment.chunks;
  const head = chunks[0]!;
  if (chunks.length === 1) return matchChunkAt(head, text, start, end) === end;
  let pos = matchChunkAt(head, text, start, end);
  const tail = chunks[chunks.length - 1]!;
  const tailStart = startOfTail(tail, text, end);
  if (pos === -1 || tailStart < pos) return false;
  for (let k = 1; k < chunks.length - 1; k++) {
    pos = findChunk(chunks[k]!, text, pos, tailStart);
    if (pos === -1) return false;
  }
  return matchChunkAt(tail, text, tailStart, end) === end;
}

/** Where the chunk ends when it matches at `pos` without passing `end`; -1 when it does not. */
function matchChunkAt(chunk: Chunk, text: string, pos: number, end: number): number {
  if (chunk.literal !== undefined) {
    const after = pos + chunk.literal.length;
    return after <= end && text.startsWith(chunk.literal, pos) ? after : -1;
  }
  for (const node of chunk.nodes) {
    if (pos >= end) return -1;
    const code = text.codePointAt(pos)!;
    if (node.kind === 'char' ? code !== node.code : node.kind === 'class' && !isInClass(node, code))
      return -1;
    pos += code > 0xffff ? 2 : 1;
  }
  return pos;
}

/** The end of the chunk's leftmost match within [from, end), or -1. */
function findChunk(chunk: Chunk, text: string, from: number, end: number): number {
  if (chunk.literal !== undefined) {
    const at = text.indexOf(chunk.literal, from);
    return at === -1 || at + chunk.literal.length > end ? -1 : at + chunk.literal.length;
  }
  for (let pos = from; pos < end; pos += text.codePointAt(pos)! > 0xffff ? 2 : 1) {
    const after = matchChunkAt(chunk, text, pos, end);
    if (after !== -1) return after;
  }
  return -1;
}

/** Where the last chunk must start to end at `end` (each node is one character); -1 when the text is too short. */
function startOfTail(chunk: Chunk, text: string, end: number): number {
  if (chunk.literal !== undefined) return end - chunk.literal.length;
  let pos = end;
  for (let k = 0; k < chunk.nodes.length; k++) {
    if (pos <= 0) return -1;
    const low = text.charCodeAt(pos - 1);
    const pair = low >= 0xdc00 && low <= 0xdfff && pos >= 2 && isHighSurrogate(text.charCodeAt(pos - 2));
    pos -= pair ? 2 : 1;
  }
  return pos;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
