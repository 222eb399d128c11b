import type { CliIO } from '../../terminal/command-io';
import type { NotRun } from './parse-command-line';

/** Exit code of a command given wrong flags or arguments (distinct from 1: "the check failed"). */
export const EXIT_USAGE = 2;

/**
 * Answers a command line that does not run: the help on stdout (exit 0), or `rulehook COMMAND: why`
 * and the help on stderr (exit EXIT_USAGE).
 */
export function reportUsage(io: CliIO, command: string, usage: string, result: NotRun): number {
  if ('help' in result) {
    io.stdout.write(usage);
    return 0;
  }
  io.stderr.write(`rulehook ${command}: ${result.message}\n\n${usage}`);
  return EXIT_USAGE;
}
