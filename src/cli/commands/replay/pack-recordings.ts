import { readdir } from 'node:fs/promises';
import path from 'node:path';

/** Where a rule pack keeps its recordings (`rulehook init` creates it). */
export const PACK_RECORDINGS_DIR = 'recordings';

const RECORDING_FILE = /\.jsonl(\.gz)?$/;

/**
 * The recordings `rulehook replay` replays when given none: the `*.jsonl` and `*.jsonl.gz` files of
 * `recordings/` in `cwd` (not below), in name order, relative to `cwd`; empty when there is none.
 * Rotated parts (`FILE.1`, ...) are not picked: their order is the user's to give.
 */
export async function listPackRecordings(cwd: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(path.join(cwd, PACK_RECORDINGS_DIR), { withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .filter((entry) => entry.isFile() && RECORDING_FILE.test(entry.name))
    .map((entry) => entry.name)
    .sort()
    .map((name) => path.join(PACK_RECORDINGS_DIR, name));
}
