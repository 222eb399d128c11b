import path from 'node:path';
import { Readable } from 'node:stream';
import { runReplay } from '../../src/cli/commands/replay/replay';
import { createMemoryIO } from '../support/memory-io';

export const REPO = path.resolve(__dirname, '../..');
export const FIXTURES = path.join(REPO, 'test/fixtures/replay');

export interface ReplayRun {
  code: number;
  out: string;
  err: string;
  /** stdout parsed as JSON Lines (with --format jsonl). */
  lines(): Record<string, unknown>[];
}

/** Runs `rulehook replay ARGS` in-process. */
export async function replay(
  args: string[],
  options: { cwd?: string; stdin?: string | Buffer; env?: Record<string, string> } = {},
): Promise<ReplayRun> {
  const io = createMemoryIO({ cwd: options.cwd ?? REPO, env: options.env ?? {} });
  const stdin = options.stdin === undefined ? undefined : Readable.from([Buffer.from(options.stdin)]);
  const code = await runReplay(args, io, stdin === undefined ? {} : { stdin });
  return {
    code,
    out: io.out(),
    err: io.err(),
    lines: () =>
      io
        .out()
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}
