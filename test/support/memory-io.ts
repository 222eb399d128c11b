import type { CliIO } from '../../src/terminal/command-io';

/** A CliIO that keeps what a command prints, for in-process CLI tests. */
export interface MemoryIO extends CliIO {
  out(): string;
  err(): string;
}

export function createMemoryIO(overrides: Partial<CliIO> = {}): MemoryIO {
  let out = '';
  let err = '';
  return {
    stdout: { write: (text: string) => (out += text) },
    stderr: { write: (text: string) => (err += text) },
    cwd: process.cwd(),
    env: {},
    isTTY: false,
    ...overrides,
    out: () => out,
    err: () => err,
  };
}
