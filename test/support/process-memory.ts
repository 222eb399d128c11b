import { readFile } from 'node:fs/promises';

/** Reads the resident memory of a process, in bytes, from /proc (Linux, where the suites run). */
export async function readRssBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(status);
  if (match === null) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(match[1]) * 1024;
}
