import type { ReportFormat } from '../../../diagnostics/format-report';
import { defineChoice, defineFlag, defineString, listChoices } from '../../options/define-options';
import { formatUsage } from '../../options/format-help';
import { HELP_OPTION, parseCommandLine, type ParseResult } from '../../options/parse-command-line';

export interface ValidateOptions {
  /** Empty: the rule pack in the working directory (or, without one, the project's packs). */
  paths: string[];
  format: ReportFormat;
  strict: boolean;
  /** As given (relative to the working directory); undefined: found beside the rules. */
  catalog: string | undefined;
  /** A configuration file of `rulehook serve` to check too; undefined: none. */
  config: string | undefined;
}

const FORMATS = ['human', 'json'] as const satisfies readonly ReportFormat[];
const DEFAULT_FORMAT = 'human';

const VALIDATE_OPTIONS = {
  format: defineChoice({
    value: 'FORMAT',
    choices: FORMATS,
    default: DEFAULT_FORMAT,
    helpDefault: false,
    help: listChoices(FORMATS, DEFAULT_FORMAT),
  }),
  strict: defineFlag({ help: 'fail on warnings too' }),
  catalog: defineString({
    value: 'FILE',
    helpDefault: 'catalog.yaml of a directory given',
    help: 'the catalog to check names against',
  }),
  config: defineString({
    value: 'FILE',
    help: ['a configuration file of rulehook serve to check too', '(and, without PATH, the rules it names)'],
  }),
  help: HELP_OPTION,
};

export const VALIDATE_USAGE = formatUsage(
  `Usage: rulehook validate [PATH...] [options]
       rulehook validate --config FILE [PATH...] [options]

Check rule files and directories, and report every problem of every file. Without PATH (nor --config):
the rule pack in the current directory, else the project's rules/ and examples/, as rulehook test finds them.
Exit code: 0 when valid, 1 when any error (or, with --strict, any warning), 2 on wrong usage.
`,
  VALIDATE_OPTIONS,
  { column: 20 },
);

export function parseValidateOptions(args: readonly string[]): ParseResult<ValidateOptions> {
  const parsed = parseCommandLine(args, VALIDATE_OPTIONS, { positionals: true });
  if (!parsed.ok) return parsed;
  const { values, positionals } = parsed.options;
  return { ok: true, options: { paths: positionals, ...values } };
}
