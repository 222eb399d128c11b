import { defineFlag } from '../../options/define-options';
import { formatUsage } from '../../options/format-help';
import { HELP_OPTION, parseCommandLine, refuse, type ParseResult } from '../../options/parse-command-line';

export interface InitOptions {
  /** As given (relative to the working directory); '.' when not given. */
  dir: string;
  /** Overwrite the starter files DIR already holds. */
  force: boolean;
}

const INIT_OPTIONS = {
  force: defineFlag({ help: 'overwrite the starter files DIR already holds' }),
  help: HELP_OPTION,
};

export const INIT_USAGE = formatUsage(
  `Usage: rulehook init [DIR] [options]

Create a starter rule pack in DIR (default: the current directory; created when missing): a catalog of the
engine's names, a rule file, scenario tests, a recording to replay and a README with the next steps.
Other files of DIR are left alone; when DIR already holds one of the starter files, nothing is written.
Exit code: 0 created, 1 a starter file is already there (without --force) or cannot be written, 2 wrong usage.
`,
  INIT_OPTIONS,
  { column: 14 },
);

export function parseInitOptions(args: readonly string[]): ParseResult<InitOptions> {
  const parsed = parseCommandLine(args, INIT_OPTIONS, { positionals: true });
  if (!parsed.ok) return parsed;
  const { values, positionals } = parsed.options;
  if (positionals.length > 1)
    return refuse(`give one directory, not ${positionals.length} (${positionals.join(', ')})`);
  return { ok: true, options: { dir: positionals[0] ?? '.', force: values.force } };
}
