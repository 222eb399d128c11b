import { formatDiagnostics, summarizeDiagnostics } from '../diagnostics';
import { loadRules } from '../rules/load';
import { shouldColor } from '../terminal/color';
import type { CommandRunner } from '../terminal/command-io';
import { reportUsage } from './options';
import { parseValidateOptions, VALIDATE_USAGE } from './validate-options';

/** `rulehook validate PATH... [--format human|json] [--strict] [--catalog FILE]` */
export const runValidate: CommandRunner = async (args, io) => {
  const parsed = parseValidateOptions(args);
  if (parsed.kind !== 'ok') return reportUsage(io, 'validate', VALIDATE_USAGE, parsed);
  const { paths, format, strict, catalog } = parsed.options;
  const result = await loadRules(paths, { cwd: io.cwd, ...(catalog === undefined ? {} : { catalog }) });
  const color = format === 'human' && shouldColor(io);
  io.stdout.write(formatDiagnostics(result.diagnostics, result.sources, { format, color }));
  const summary = summarizeDiagnostics(result.diagnostics, result.sources);
  return summary.errors > 0 || (strict && summary.warnings > 0) ? 1 : 0;
};
