import { open } from 'node:fs/promises';
import { createDiagnostic, type Diagnostic } from '../../diagnostics';
import type { FoundFile } from './expand-paths';
import { describeError } from './list-files';
import { RULE_LIMITS } from '../limits';
import { formatCount } from '../../terminal/format-count';

/** `bytes`: the size of the file read, before decoding. */
export type SourceRead = { ok: true; text: string; bytes: number } | { ok: false; diagnostic: Diagnostic };

/**
 * Reads a file as UTF-8 (a leading byte-order mark is dropped, as editors do),
 * refusing one larger than the limit without reading more than one byte past
 * it: the size `stat` gives is not trusted, since devices and pipes report 0.
 * `room`: what is left of RULE_LIMITS.totalBytes for the rule files loaded
 * together, when less than a file may hold; a file larger than that is
 * FILES_TOO_LARGE, read no further than one byte past the room either.
 */
export async function readSource(
  found: FoundFile,
  room: number = RULE_LIMITS.fileBytes,
): Promise<SourceRead> {
  const maxBytes = Math.min(room, RULE_LIMITS.fileBytes);
  try {
    const handle = await open(found.absolute, 'r');
    try {
      const bytes = await readAtMost(handle, maxBytes + 1);
      if (bytes.length > maxBytes) {
        if (maxBytes < RULE_LIMITS.fileBytes) return { ok: false, diagnostic: describePastTotal(found.file) };
        const { size } = await handle.stat();
        return { ok: false, diagnostic: describeTooLarge(found.file, size, maxBytes) };
      }
      const text = bytes.toString('utf8');
      return { ok: true, text: text.startsWith('\uFEFF') ? text.slice(1) : text, bytes: bytes.length };
    } finally {
      await handle.close();
    }
  } catch (error) {
    const notFound = (error as NodeJS.ErrnoException).code === 'ENOENT';
    const diagnostic = notFound
      ? createDiagnostic('FILE_NOT_FOUND', found.file, `no such file: '${found.file}'`)
      : createDiagnostic(
          'FILE_UNREADABLE',
          found.file,
          `cannot read '${found.file}': ${describeError(error)}`,
        );
    return { ok: false, diagnostic };
  }
}

type FileHandle = Awaited<ReturnType<typeof open>>;

/** Reads up to `limit` bytes; the buffer starts at the size `stat` reports and grows as needed. */
async function readAtMost(handle: FileHandle, limit: number): Promise<Buffer> {
  const { size } = await handle.stat();
  let buffer = Buffer.alloc(Math.min(limit, Math.max(size + 1, 64 * 1024)));
  let length = 0;
  for (;;) {
    if (length === buffer.length) {
      if (length >= limit) break;
      const grown = Buffer.alloc(Math.min(limit, buffer.length * 2));
      buffer.copy(grown, 0, 0, length);
      buffer = grown;
    }
    const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
    if (bytesRead === 0) break;
    length += bytesRead;
  }
  return buffer.subarray(0, length);
}

function describePastTotal(file: string): Diagnostic {
  const max = formatCount(RULE_LIMITS.totalBytes);
  const mib = RULE_LIMITS.totalBytes / 1_048_576;
  const message = `with '${file}', the rule files read add up to more than ${max} bytes (${mib} MiB); at most that is loaded together, so the files after it were not read`;
  return createDiagnostic('FILES_TOO_LARGE', file, message);
}

function describeTooLarge(file: string, size: number, maxBytes: number): Diagnostic {
  const actual = size > maxBytes ? `${formatCount(size)} bytes` : `more than ${formatCount(maxBytes)} bytes`;
  const message = `'${file}' is ${actual}; a file may be at most ${formatCount(maxBytes)} bytes (split it into several files)`;
  return createDiagnostic('FILE_TOO_LARGE', file, message);
}
