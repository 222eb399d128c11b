import { open } from 'node:fs/promises';
import { createDiagnostic, type Diagnostic } from '../../diagnostics';
import type { FoundFile } from './expand-paths';
import { describeError } from './list-files';
import { RULE_LIMITS } from '../limits';
import { formatCount } from '../../terminal/format-count';

export type SourceRead = { ok: true; text: string } | { ok: false; diagnostic: Diagnostic };

/**
 * Reads a file as UTF-8 (a leading byte-order mark is dropped, as editors do),
 * refusing one larger than the limit without reading more than one byte past
 * it: the size `stat` gives is not trusted, since devices and pipes report 0.
 */
export async function readSource(found: FoundFile): Promise<SourceRead> {
  const maxBytes = RULE_LIMITS.fileBytes;
  try {
    const handle = await open(found.absolute, 'r');
    try {
      const bytes = await readAtMost(handle, maxBytes + 1);
      if (bytes.length > maxBytes) {
        const { size } = await handle.stat();
        return { ok: false, diagnostic: describeTooLarge(found.file, size, maxBytes) };
      }
      const text = bytes.toString('utf8');
      return { ok: true, text: text.startsWith('\uFEFF') ? text.slice(1) : text };
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

function describeTooLarge(file: string, size: number, maxBytes: number): Diagnostic {
  const actual = size > maxBytes ? `${formatCount(size)} bytes` : `more than ${formatCount(maxBytes)} bytes`;
  const message = `'${file}' is ${actual}; a file may be at most ${formatCount(maxBytes)} bytes (split it into several files)`;
  return createDiagnostic('FILE_TOO_LARGE', file, message);
}
