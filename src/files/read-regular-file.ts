import { openRegularFile } from './open-regular-file';
import { readAtMost } from './read-at-most';
import { readWithinDeadline } from './read-deadline';

export interface RegularFileLimits {
  /** Most bytes read; a larger file is refused, read no further than one byte past it. */
  maxBytes: number;
  /** Longest wait for the file system, in ms. */
  timeoutMs: number;
}

/**
 * A file's bytes, or why they were not read: `code` is the file system's
 * error code (ENOENT, EACCES) when it refused, `why` a sentence otherwise.
 */
export type RegularFileRead =
  | { ok: true; bytes: Buffer }
  | { ok: false; code: string; why?: undefined }
  | { ok: false; why: string; code?: undefined };

/**
 * Reads a regular file (or a link to one) whole, bounded in size and in
 * time: a FIFO, a socket or a device is refused unread (openRegularFile), and
 * a file system that does not answer within the timeout leaves the read to
 * finish in the background (readWithinDeadline). For the files a server reads
 * besides its rules (tokens, certificates), where a path swapped for a FIFO
 * must not hang a start or a reload.
 */
export async function readRegularFile(absolute: string, limits: RegularFileLimits): Promise<RegularFileRead> {
  try {
    const read = await readWithinDeadline(absolute, limits.timeoutMs, () => readWhole(absolute, limits));
    if (read.done) return read.value;
    const seconds = limits.timeoutMs / 1000;
    return read.why === 'late'
      ? { ok: false, why: `the file system did not answer within ${seconds} s` }
      : { ok: false, why: `an earlier read of it, past its ${seconds} s, has not returned yet` };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === undefined
      ? { ok: false, why: String((error as Error)?.message ?? error) }
      : { ok: false, code };
  }
}

async function readWhole(absolute: string, limits: RegularFileLimits): Promise<RegularFileRead> {
  const opened = await openRegularFile(absolute);
  if (!opened.ok) return { ok: false, why: `it is ${opened.kind}, not a regular file` };
  try {
    const bytes = await readAtMost(opened.handle, limits.maxBytes + 1);
    if (bytes.length > limits.maxBytes)
      return { ok: false, why: `it is larger than ${limits.maxBytes} bytes` };
    return { ok: true, bytes };
  } finally {
    await opened.handle.close();
  }
}

/** How a refused read reads after a file's description: ` (ENOENT)`, or `: it is a FIFO (named pipe), …`. */
export function describeRefusedRead(
  read: { code: string; why?: undefined } | { why: string; code?: undefined },
): string {
  return read.code !== undefined ? ` (${read.code})` : `: ${read.why}`;
}
