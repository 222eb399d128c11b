/**
 * An error the person running a command caused or can fix (a bad line under `--strict`, a recording that
 * cannot be read, a replay worker that failed on the input), as opposed to a bug in rulehook. A command
 * reports it as `rulehook COMMAND: message` and exits with `exitCode`; whatever else escapes a command is a
 * bug, which `rulehook` prints with its stack (src/cli/main.ts).
 */
export class UserError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** Writes a user error as every command does: `rulehook COMMAND: message`; returns its exit code. */
export function reportUserError(
  stderr: { write(text: string): unknown },
  command: string,
  error: UserError,
): number {
  stderr.write(`rulehook ${command}: ${error.message}\n`);
  return error.exitCode;
}
