import { spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BUILT_CLI } from './serve-process';

export interface CliRun {
  /** Exit code; null when killed. */
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
  /** True when the process had to be killed at the time bound. */
  timedOut: boolean;
}

/**
 * Runs the built `rulehook` binary with `args` and waits for it to exit, killing
 * it (SIGKILL) past `timeoutMs`: a test about a command that must end promptly
 * fails fast instead of hanging. It runs in `options.cwd`, else this process's.
 */
export function runCliProcess(
  args: readonly string[],
  timeoutMs: number,
  options: { cwd?: string } = {},
): Promise<CliRun> {
  const started = Date.now();
  const child = spawn(process.execPath, [BUILT_CLI, ...args], options);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, timeoutMs);
  return new Promise((resolve) => {
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Date.now() - started, timedOut });
    });
  });
}

/** A new temporary directory holding `files` (name → text); the caller removes it. */
export async function writeRulesDir(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'rulehook-hardening-'));
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
  return dir;
}
