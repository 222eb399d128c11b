import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

export type ParsedArgs =
  | {
      ok: true;
      values: Record<string, string | boolean | (string | boolean)[] | undefined>;
      positionals: string[];
    }
  | { ok: false; message: string };

/** Exit code of a command given wrong flags or arguments (distinct from 1: "the check failed"). */
export const EXIT_USAGE = 2;

/** node:util parseArgs, with its exceptions turned into a message for the user. */
export function parseCommandArgs(args: string[], options: Options, allowPositionals: boolean): ParsedArgs {
  try {
    const { values, positionals } = parseArgs({ args, options, allowPositionals, strict: true });
    return { ok: true, values, positionals };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
}

/** Parses a TCP port flag: an integer from 0 (any free port) to 65535. */
export function parsePort(value: string, flag: string): number | string {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535)
    return `${flag} expects a port number from 0 to 65535, got ${JSON.stringify(value)}`;
  return port;
}

/** Parses a positive integer flag (sizes, counts, durations in ms). */
export function parsePositiveInt(value: string, flag: string): number | string {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || !Number.isSafeInteger(n)) {
    return `${flag} expects a positive whole number, got ${JSON.stringify(value)}`;
  }
  return n;
}
