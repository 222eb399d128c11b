import { isUtf8 } from 'node:buffer';

/** One line of a recording, without its line break. */
export interface RawLine {
  /** 1-based line number in the (decompressed) input. */
  line: number;
  text: string;
  /** Why the line cannot be read as text, if it cannot. */
  problem?: string;
}

/** Longest line accepted; a longer one is reported and skipped without being held in memory. */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;

/**
 * Splits a byte stream into lines (LF or CRLF; a last line without a line break
 * counts), one batch per chunk read: a replay reads millions of lines, and a
 * batch costs one UTF-8 check and one decoding per 64 KiB of lines instead of one
 * per line. Only the current chunk and the start of its last line are held, so memory
 * does not depend on the input's length; a line longer than `maxLineBytes` is
 * dropped as it streams by. Splitting on the LF byte is safe in UTF-8 (it never
 * occurs inside a character).
 */
export async function* splitLineBatches(
  chunks: AsyncIterable<Buffer>,
  maxLineBytes = MAX_LINE_BYTES,
): AsyncGenerator<RawLine[]> {
  let rest: Buffer | undefined;
  let skipped = 0;
  let line = 0;
  for await (const chunk of chunks) {
    const batch: RawLine[] = [];
    let start = 0;
    const last = chunk.lastIndexOf(10);
    if (last !== -1) {
      const first = chunk.indexOf(10);
      if (skipped > 0) {
        batch.push(tooLong(++line, skipped + first, maxLineBytes));
        skipped = 0;
        start = first + 1;
      } else if (rest !== undefined) {
        // Only the line that spans the two chunks is joined: copying the whole chunk behind it cost more
        // than splitting it (a fresh 256 KiB buffer per chunk).
        const head = Buffer.concat([rest, chunk.subarray(0, first + 1)]);
        rest = undefined;
        line = splitRegion(head, 0, head.length - 1, line, maxLineBytes, batch);
        start = first + 1;
      }
      if (start <= last) line = splitRegion(chunk, start, last, line, maxLineBytes, batch);
      start = last + 1;
    }
    const left = chunk.length - start;
    if (skipped > 0) skipped += left;
    else if (rest !== undefined) {
      // No line break in the chunk: all of it continues the line held.
      if (rest.length + left > maxLineBytes) {
        skipped = rest.length + left;
        rest = undefined;
      } else rest = Buffer.concat([rest, chunk]);
    } else if (left > maxLineBytes) skipped = left;
    else if (left > 0) rest = Buffer.from(chunk.subarray(start));
    if (batch.length > 0) yield batch;
  }
  if (skipped > 0) yield [tooLong(line + 1, skipped, maxLineBytes)];
  else if (rest !== undefined) yield [toLine(rest, 0, rest.length, line + 1)];
}

/** `splitLineBatches`, one line at a time. */
export async function* splitLines(
  chunks: AsyncIterable<Buffer>,
  maxLineBytes = MAX_LINE_BYTES,
): AsyncGenerator<RawLine> {
  for await (const batch of splitLineBatches(chunks, maxLineBytes)) yield* batch;
}

/**
 * Text decoded at once, at most (bytes), unless a single line is longer: V8 allocates a string above
 * 128 KiB apart from the others, in pages of its own faulted in afresh, and decoding a 256 KiB chunk in one
 * string cost 3-5 times as much as decoding it in pieces of 64 KiB.
 */
const DECODE_BYTES = 64 * 1024;

/**
 * Adds the lines of `buffer[start, end)` (`end`: the LF of the last one) to `batch`; returns the last
 * line number. Decoded in pieces of whole lines of at most DECODE_BYTES (a longer line alone).
 */
function splitRegion(
  buffer: Buffer,
  start: number,
  end: number,
  line: number,
  maxLineBytes: number,
  batch: RawLine[],
): number {
  while (end - start > DECODE_BYTES) {
    let cut = buffer.lastIndexOf(10, start + DECODE_BYTES);
    if (cut < start) cut = buffer.indexOf(10, start + DECODE_BYTES);
    if (cut >= end) break;
    line = splitPiece(buffer, start, cut, line, maxLineBytes, batch);
    start = cut + 1;
  }
  return splitPiece(buffer, start, end, line, maxLineBytes, batch);
}

/**
 * Adds the lines of `buffer[start, end)` (`end`: the LF of the last one) to `batch`; returns the last
 * line number. Valid UTF-8 (the usual case) is decoded once and split as text; otherwise line by line,
 * so that only the lines at fault are reported.
 */
function splitPiece(
  buffer: Buffer,
  start: number,
  end: number,
  line: number,
  maxLineBytes: number,
  batch: RawLine[],
): number {
  const region = buffer.subarray(start, end);
  if (!isUtf8(region)) {
    for (let stop = buffer.indexOf(10, start); stop !== -1 && stop <= end; stop = buffer.indexOf(10, start)) {
      const bytes = stop - start;
      batch.push(
        bytes > maxLineBytes ? tooLong(++line, bytes, maxLineBytes) : toLine(buffer, start, stop, ++line),
      );
      start = stop + 1;
    }
    return line;
  }
  const text = region.toString('utf8');
  // A UTF-16 unit is at most 3 UTF-8 bytes: only a line longer than a third of the limit is measured.
  const measureAbove = maxLineBytes / 3;
  let from = 0;
  for (;;) {
    const stop = text.indexOf('\n', from);
    const to = stop === -1 ? text.length : stop;
    line++;
    const content =
      to > from && text.charCodeAt(to - 1) === 13 ? text.slice(from, to - 1) : text.slice(from, to);
    const bytes = to - from > measureAbove ? Buffer.byteLength(text.slice(from, to)) : 0;
    batch.push(bytes > maxLineBytes ? tooLong(line, bytes, maxLineBytes) : { line, text: content });
    if (stop === -1) return line;
    from = stop + 1;
  }
}

function toLine(buffer: Buffer, start: number, end: number, line: number): RawLine {
  const stop = end > start && buffer[end - 1] === 13 ? end - 1 : end;
  const bytes = buffer.subarray(start, stop);
  const text = bytes.toString('utf8');
  return isUtf8(bytes) ? { line, text } : { line, text, problem: 'the line is not valid UTF-8' };
}

function tooLong(line: number, bytes: number, max: number): RawLine {
  return { line, text: '', problem: `the line is longer than ${max} bytes (${bytes} bytes); skipped` };
}
