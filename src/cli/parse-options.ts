import { parseArgs, type ParseArgsConfig } from 'node:util';

export { EXIT_USAGE, parsePort, parsePositiveInt } from './options';

type Options = NonNullable<ParseArgsConfig['options']>;

export type ParsedArgs =
  | {
      ok: true;
      values: Record<string, string | boolean | (string | boolean)[] | undefined>;
      positionals: string[];
    }
  | { ok: false; message: string };

/** node:util parseArgs, with its exceptions turned into a message for the user. */
export function parseCommandArgs(args: string[], options: Options, allowPositionals: boolean): ParsedArgs {
  try {
    const { values, positionals } = parseArgs({ args, options, allowPositionals, strict: true });
    return { ok: true, values, positionals };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
}
