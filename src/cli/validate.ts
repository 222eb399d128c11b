import { formatDiagnostics, summarizeDiagnostics, type ReportOptions } from '../diagnostics';
import { loadRules } from '../rules/load';
import { shouldColor } from '../terminal/color';
import type { CliIO, CommandRunner } from '../terminal/command-io';
import { EXIT_USAGE, parseCommandArgs } from './parse-options';

export const VALIDATE_USAGE = `Usage: rulehook validate PATH... [options]

Check rule files and directories, and report every problem of every file.
Exit code: 0 when valid, 1 when any error (or, with --strict, any warning), 2 on wrong usage.

Options:
  --format FORMAT   human (default) or json
  --strict          fail on warnings too
  --catalog FILE    the catalog to check names against (default: catalog.yaml of a directory given)
  -h, --help        show this help
`;

const FORMATS: readonly string[] = ['human', 'json'];

/** `rulehook validate PATH... [--format human|json] [--strict] [--catalog FILE]` */
export const runValidate: CommandRunner = async (args, io) => {
  const parsed = parseCommandArgs(
    args,
    {
      format: { type: 'string', default: 'human' },
      strict: { type: 'boolean', default: false },
      catalog: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    true,
  );
  if (!parsed.ok) return failUsage(io, parsed.message);
  const { format, strict, catalog, help } = parsed.values as Record<string, string | boolean | undefined>;
  if (help === true) {
    io.stdout.write(VALIDATE_USAGE);
    return 0;
  }
  if (typeof format !== 'string' || !FORMATS.includes(format)) {
    return failUsage(io, `--format expects human or json, got ${JSON.stringify(format)}`);
  }
  if (parsed.positionals.length === 0)
    return failUsage(io, 'give at least one rule file or directory to check');

  const result = await loadRules(parsed.positionals, {
    cwd: io.cwd,
    ...(typeof catalog === 'string' ? { catalog } : {}),
  });
  const reportFormat = format as ReportOptions['format'];
  const color = reportFormat === 'human' && shouldColor(io);
  io.stdout.write(formatDiagnostics(result.diagnostics, result.sources, { format: reportFormat, color }));
  const summary = summarizeDiagnostics(result.diagnostics, result.sources);
  return summary.errors > 0 || (strict === true && summary.warnings > 0) ? 1 : 0;
};

function failUsage(io: CliIO, message: string): number {
  io.stderr.write(`rulehook validate: ${message}\n\n${VALIDATE_USAGE}`);
  return EXIT_USAGE;
}
