/**
 * The I/O a CLI command is given, so that tests can run commands in-process
 * and read what they printed without spawning a process.
 */
export interface TextSink {
  write(text: string): unknown;
}

export interface CliIO {
  stdout: TextSink;
  stderr: TextSink;
  /** Directory relative paths are resolved against. */
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  /** Whether stdout is a terminal: chooses human-oriented defaults (colour, progress). */
  isTTY: boolean;
}

/** A command returns its exit code; long-running commands resolve when they stop. */
export type CommandRunner = (args: string[], io: CliIO) => Promise<number>;
