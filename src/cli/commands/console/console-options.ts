import { defineString } from '../../options/define-options';
import { formatUsage } from '../../options/format-help';
import { HELP_OPTION, parseCommandLine, refuse, type ParseResult } from '../../options/parse-command-line';
import { parsePort } from '../../options/parse-values';

export interface ConsoleOptions {
  /** As given; undefined: the pack the working directory is in. */
  pack: string | undefined;
  host: string;
  port: number;
}

const CONSOLE_OPTIONS = {
  port: defineString({ value: 'PORT', parse: parsePort, default: 8090, help: 'port, 0 for any free port' }),
  host: defineString({
    value: 'HOST',
    default: '127.0.0.1',
    help: ['address to bind; another than loopback lets', 'others on the network write your rule files'],
  }),
  help: HELP_OPTION,
};

export const CONSOLE_USAGE = formatUsage(
  `Usage: rulehook console [PACK] [options]

Serve the web console for a rule pack: edit its rules with diagnostics and completion,
run events through them, run its scenario tests, save edits that validate.
PACK is the pack's directory; default: the pack the current directory is in (the nearest
directory up holding catalog.yaml), else the current directory. Stop it with Ctrl-C.
`,
  CONSOLE_OPTIONS,
  { column: 16 },
);

export function parseConsoleOptions(args: readonly string[]): ParseResult<ConsoleOptions> {
  const parsed = parseCommandLine(args, CONSOLE_OPTIONS, { positionals: true });
  if (!parsed.ok) return parsed;
  const { values, positionals } = parsed.options;
  if (positionals.length > 1) return refuse(`give one pack directory, not ${positionals.length}`);
  return { ok: true, options: { pack: positionals[0], host: values.host, port: values.port } };
}
