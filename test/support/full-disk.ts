import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A directory where files really stop growing, for tests of what a server does
 * when its disk fills up. Preferred: a tmpfs of `bytes` (mounting needs root,
 * as in CI), with a spare file that `makeRoom` deletes. Where mounting is
 * refused: the file-size limit (RLIMIT_FSIZE, set on the running server with
 * prlimit), which fails writes the same way (a short write, then an error) and
 * `makeRoom` lifts. Neither: undefined, and the caller skips loudly (or fails, under CI).
 */
export interface FullDisk {
  dir: string;
  /** How the disk fills: for test names and messages. */
  kind: 'tmpfs' | 'file-size limit';
  /** Applies the limit to the process that writes (a no-op for tmpfs, which is full for everyone). */
  limit(pid: number): void;
  /** Frees space: the writer can write again. */
  makeRoom(): void;
  dispose(): void;
}

const run = (command: string, args: string[]) => spawnSync(command, args, { encoding: 'utf8' });

export function createFullDisk(bytes: number, spareBytes: number): FullDisk | undefined {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rulehook-full-disk-'));
  const mounted = run('mount', ['-t', 'tmpfs', '-o', `size=${bytes}`, 'tmpfs', dir]);
  if (mounted.status === 0) {
    const spare = path.join(dir, 'spare');
    writeFileSync(spare, Buffer.alloc(spareBytes));
    return {
      dir,
      kind: 'tmpfs',
      limit: () => undefined,
      makeRoom: () => rmSync(spare),
      dispose: () => {
        execFileSync('umount', [dir]);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  if (run('prlimit', ['--version']).status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
  let pid: number | undefined;
  return {
    dir,
    kind: 'file-size limit',
    limit: (writer) => {
      pid = writer;
      execFileSync('prlimit', ['--pid', String(writer), `--fsize=${bytes - spareBytes}:unlimited`]);
    },
    makeRoom: () => execFileSync('prlimit', ['--pid', String(pid), '--fsize=unlimited:unlimited']),
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}
