import { formatDiagnostics, summarizeDiagnostics } from '../../../diagnostics/format-report';
import type { Diagnostic } from '../../../diagnostics/diagnostic';
import { loadRules } from '../../../rules/load/load-rules';
import { shouldColor } from '../../../terminal/color';
import type { CommandRunner } from '../../../terminal/command-io';
import { reportUsage } from '../../options/report-usage';
import { checkServeConfig } from './validate-config';
import { parseValidateOptions, VALIDATE_USAGE } from './validate-options';

/** `rulehook validate PATH... [--format human|json] [--strict] [--catalog FILE] [--config FILE]` */
export const runValidate: CommandRunner = async (args, io) => {
  const parsed = parseValidateOptions(args);
  if (!parsed.ok) return reportUsage(io, 'validate', VALIDATE_USAGE, parsed);
  const { paths, format, strict, config } = parsed.options;
  const checked = config === undefined ? undefined : checkServeConfig(config, io);
  // What `serve --config` would serve: the paths given win over the file's rules, as flags do.
  const rules = paths.length > 0 ? paths : checked?.rules === undefined ? [] : [checked.rules];
  const catalog = parsed.options.catalog ?? checked?.catalog;
  const result =
    rules.length === 0
      ? { diagnostics: [] as Diagnostic[], sources: new Map<string, string>() }
      : await loadRules(rules, { cwd: io.cwd, ...(catalog === undefined ? {} : { catalog }) });
  const diagnostics = [...(checked?.diagnostics ?? []), ...result.diagnostics];
  const sources = new Map([...(checked?.sources ?? []), ...result.sources]);
  const color = format === 'human' && shouldColor(io);
  io.stdout.write(formatDiagnostics(diagnostics, sources, { format, color }));
  const summary = summarizeDiagnostics(diagnostics, sources);
  return summary.errors > 0 || (strict && summary.warnings > 0) ? 1 : 0;
};
