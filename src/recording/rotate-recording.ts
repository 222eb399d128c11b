import path from 'node:path';
import { NODE_RECORDING_FILE_SYSTEM, type RecordingFileSystem } from './recording-file-system';

/** The highest N of the rotated parts `FILE.N` that exist next to `file` (0 when none). */
export async function findLastPart(
  file: string,
  fs: RecordingFileSystem = NODE_RECORDING_FILE_SYSTEM,
): Promise<number> {
  const base = path.basename(file);
  let names: string[];
  try {
    names = await fs.readdir(path.dirname(file));
  } catch {
    return 0;
  }
  let last = 0;
  for (const name of names) {
    if (!name.startsWith(`${base}.`)) continue;
    const suffix = name.slice(base.length + 1);
    if (/^[1-9]\d*$/.test(suffix)) last = Math.max(last, Number(suffix));
  }
  return last;
}

/**
 * Moves the full recording aside as the next part: `FILE` becomes `FILE.N`,
 * numbered in the order they were written (`FILE.1` is the oldest), so that
 * `rulehook replay FILE.1 FILE.2 ... FILE` replays them in order.
 */
export async function rotateRecording(
  file: string,
  part: number,
  fs: RecordingFileSystem = NODE_RECORDING_FILE_SYSTEM,
): Promise<void> {
  await fs.rename(file, `${file}.${part}`);
}
