import type { CliIO } from './command-io';

/** Colour only for a terminal, and never when NO_COLOR is set to something (https://no-color.org). */
export function shouldColor(io: CliIO): boolean {
  return io.isTTY && !io.env.NO_COLOR;
}
