import { constants, type Stats } from 'node:fs';
import { lstat, open, stat, type FileHandle } from 'node:fs/promises';

/** A regular file opened for reading, or what the path is instead ("a FIFO (named pipe)"). */
export type RegularOpen = { ok: true; handle: FileHandle } | { ok: false; kind: string };

/**
 * No wait for a FIFO's writer at open (0 where the platform has no such flag). On a regular file the
 * flag changes nothing.
 */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/**
 * Opens a file for reading only when it is a regular file (a symbolic link to one is followed). Anything
 * else is refused without being read: a FIFO blocks `open` until a writer comes, holding one of the four
 * threads of libuv's pool, shared with every file and DNS call of the process, for good; a device may
 * never end (`/dev/zero`) or have effects when opened; a socket cannot be opened. The type is checked by
 * `stat` before opening, so no device is opened at all, then again on the open handle, for a file
 * replaced between the two: the open itself is non-blocking, so a FIFO put there opens at once and is
 * refused. Errors of the file system (ENOENT, EACCES) are thrown for the caller to describe.
 */
export async function openRegularFile(absolute: string): Promise<RegularOpen> {
  const before = await stat(absolute);
  if (!before.isFile()) return { ok: false, kind: await describeKind(absolute, before) };
  const handle = await open(absolute, OPEN_FLAGS);
  let opened: Stats;
  try {
    opened = await handle.stat();
  } catch (error) {
    await handle.close();
    throw error;
  }
  if (opened.isFile()) return { ok: true, handle };
  await handle.close();
  return { ok: false, kind: await describeKind(absolute, opened) };
}

/** "a FIFO (named pipe)", or "a symbolic link to a FIFO (named pipe)" when the path is a link. */
async function describeKind(absolute: string, target: Stats): Promise<string> {
  const kind = describeFileType(target);
  const link = await lstat(absolute).then(
    (own) => own.isSymbolicLink(),
    () => false,
  );
  return link ? `a symbolic link to ${kind}` : kind;
}

/** What a file that is not a regular file is, in words. */
export function describeFileType(stats: Stats): string {
  if (stats.isFIFO()) return 'a FIFO (named pipe)';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isDirectory()) return 'a directory';
  return 'not a regular file';
}
