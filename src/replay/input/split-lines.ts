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
 * counts). Only the current line is held, so memory does not depend on the
 * input's length; a line longer than `maxLineBytes` is dropped as it streams by.
 * Splitting on the LF byte is safe in UTF-8 (it never occurs inside a character).
 */
export async function* splitLines(
  chunks: AsyncIterable<Buffer>,
  maxLineBytes = MAX_LINE_BYTES,
): AsyncGenerator<RawLine> {
  let rest: Buffer | undefined;
  let skipped = 0;
  let line = 0;
  for await (const chunk of chunks) {
    const buffer = rest === undefined ? chunk : Buffer.concat([rest, chunk]);
    rest = undefined;
    let start = 0;
    for (let end = buffer.indexOf(10, start); end !== -1; end = buffer.indexOf(10, start)) {
      line++;
      yield skipped > 0
        ? tooLong(line, skipped + end - start, maxLineBytes)
        : toLine(buffer, start, end, line);
      skipped = 0;
      start = end + 1;
    }
    const left = buffer.length - start;
    if (skipped > 0 || left > maxLineBytes) skipped += left;
    else if (left > 0) rest = Buffer.from(buffer.subarray(start));
  }
  if (skipped > 0) yield tooLong(line + 1, skipped, maxLineBytes);
  else if (rest !== undefined) yield toLine(rest, 0, rest.length, line + 1);
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
