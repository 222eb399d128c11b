import { openRegularFile } from './open-regular-file';
import { readAtMost } from './read-at-most';
import { readWithinDeadline } from './read-deadline';

export interface RegularFileLimits {
  /** Most bytes read; a larger file is refused, read no further than one byte past it. */
  maxBytes: number;
  /** Longest wait for the file system, in ms. */
  timeoutMs: number;
}

/** Why a file was not read; each reader words it for its own users (a diagnostic, a startup message). */
export type RegularFileRefusal =
  /** The file system refused (ENOENT, EACCES): its error. */
  | { ok: false; reason: 'error'; error: unknown }
  /** Not a regular file: what it is ("a FIFO (named pipe)", "a directory", "a symbolic link to …"). */
  | { ok: false; reason: 'not-regular'; kind: string }
  /** Larger than `maxBytes`: its size as the file system reports it. */
  | { ok: false; reason: 'too-large'; size: number }
  /** No answer within the timeout (`late`), or an earlier read of it still past its own (`stuck`). */
  | { ok: false; reason: 'late' | 'stuck' };

export type RegularFileRead = { ok: true; bytes: Buffer } | RegularFileRefusal;

/**
 * Reads a regular file (or a link to one) whole, bounded in size and in
 * time: a FIFO, a socket or a device is refused unread (openRegularFile), and
 * a file system that does not answer within the timeout leaves the read to
 * finish in the background (readWithinDeadline). Every file a server is
 * given is read through here: rule files, catalogs and scenarios, the tokens
 * file and the TLS files, so that a path swapped for a FIFO or a device can
 * hang neither a start nor a reload.
 */
export async function readRegularFile(absolute: string, limits: RegularFileLimits): Promise<RegularFileRead> {
  try {
    const read = await readWithinDeadline(absolute, limits.timeoutMs, () => readWhole(absolute, limits));
    return read.done ? read.value : { ok: false, reason: read.why };
  } catch (error) {
    return { ok: false, reason: 'error', error };
  }
}

async function readWhole(absolute: string, limits: RegularFileLimits): Promise<RegularFileRead> {
  const opened = await openRegularFile(absolute);
  if (!opened.ok) return { ok: false, reason: 'not-regular', kind: opened.kind };
  const { handle } = opened;
  try {
    const bytes = await readAtMost(handle, limits.maxBytes + 1);
    if (bytes.length <= limits.maxBytes) return { ok: true, bytes };
    return { ok: false, reason: 'too-large', size: (await handle.stat()).size };
  } finally {
    await handle.close();
  }
}

/**
 * A refusal as it reads after a file's description in a startup or reload message: ` (ENOENT)`, or
 * `: it is a FIFO (named pipe), not a regular file`.
 */
export function describeRefusedRead(refusal: RegularFileRefusal, limits: RegularFileLimits): string {
  const seconds = limits.timeoutMs / 1000;
  switch (refusal.reason) {
    case 'error': {
      const code = (refusal.error as NodeJS.ErrnoException).code;
      return code === undefined
        ? `: ${String((refusal.error as Error)?.message ?? refusal.error)}`
        : ` (${code})`;
    }
    case 'not-regular':
      return `: it is ${refusal.kind}, not a regular file`;
    case 'too-large':
      return `: it is larger than ${limits.maxBytes} bytes`;
    case 'late':
      return `: the file system did not answer within ${seconds} s`;
    case 'stuck':
      return `: an earlier read of it, past its ${seconds} s, has not returned yet`;
  }
}
