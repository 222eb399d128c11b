import { open, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { ReplayOptions } from './run-options';

/** Recordings this large (decompressed) are replayed by workers unless `--workers` says otherwise. */
export const PARALLEL_FROM_BYTES = 128 * 1024 * 1024;

/** Most workers `--workers` takes. */
export const MAX_REPLAY_WORKERS = 64;

/**
 * How many worker threads replay the recordings (1: in the reading thread). `--workers` when given;
 * otherwise as many as the machine runs at once for recordings of at least 128 MiB read from files:
 * starting workers costs a few hundred milliseconds (each compiles the rules), which a smaller
 * recording does not win back. stdin, whose size is not known beforehand, is replayed in-thread, and
 * so is a replay against a target or paced by `--rate` or `--duration` (their options refuse `--workers`).
 */
export async function chooseWorkers(options: ReplayOptions, cwd: string): Promise<number> {
  if (options.workers !== undefined) return options.workers;
  const paced = options.rate !== undefined || options.durationMs !== undefined;
  if (options.target !== undefined || paced || options.recordings.includes('-')) return 1;
  let bytes = 0;
  for (const name of options.recordings) bytes += await measureRecording(path.resolve(cwd, name));
  return bytes >= PARALLEL_FROM_BYTES ? Math.min(availableParallelism(), MAX_REPLAY_WORKERS) : 1;
}

/**
 * The size of a recording, decompressed for gzip: as its trailer says (modulo 4 GiB), at least the file's.
 * 0 when it cannot be read: reading it will say why.
 */
async function measureRecording(file: string): Promise<number> {
  try {
    return await readSize(file);
  } catch {
    return 0;
  }
}

async function readSize(file: string): Promise<number> {
  const info = await stat(file);
  const size = info.size;
  if (!info.isFile() || size < 18) return size;
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(2);
    const tail = Buffer.alloc(4);
    await handle.read(head, 0, 2, 0);
    if (head[0] !== 0x1f || head[1] !== 0x8b) return size;
    await handle.read(tail, 0, 4, size - 4);
    return Math.max(size, tail.readUInt32LE(0));
  } finally {
    await handle.close();
  }
}
