import type { FileHandle } from 'node:fs/promises';

/**
 * Reads up to `limit` bytes of a regular file. The buffer starts at the size `stat` reports and grows as
 * needed: that size is not trusted as a bound, since a file may grow while read and files of /proc report 0.
 */
export async function readAtMost(handle: FileHandle, limit: number): Promise<Buffer> {
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
