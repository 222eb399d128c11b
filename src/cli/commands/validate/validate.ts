import { formatDiagnostics, summarizeDiagnostics } from '../../../diagnostics/format-report';
import type { Diagnostic } from '../../../diagnostics/diagnostic';
import { findDefaultPacks } from '../../../rules/load/find-default-packs';
import { loadRules } from '../../../rules/load/load-rules';
import { shouldColor } from '../../../terminal/color';
import type { CommandRunner } from '../../../terminal/command-io';
import { reportUsage } from '../../options/report-usage';
import { describeDefaultPacks, describeNoPack } from './default-packs';
import { checkPackScenarios } from './check-pack-scenarios';
import { checkServeConfig } from './validate-config';
import { parseValidateOptions, VALIDATE_USAGE } from './validate-options';

interface Checked {
  diagnostics: Diagnostic[];
  sources: Map<string, string>;
}

/** `rulehook validate [PATH...] [--format human|json] [--strict] [--catalog FILE] [--config FILE]` */
export const runValidate: CommandRunner = async (args, io) => {
  const parsed = parseValidateOptions(args);
  if (!parsed.ok) return reportUsage(io, 'validate', VALIDATE_USAGE, parsed);
  const { paths, format, strict, config } = parsed.options;
  const checked = config === undefined ? undefined : checkServeConfig(config, io);
  // What `serve --config` would serve: the paths given win over the file's rules, as flags do.
  let packs: string[][] = paths.length > 0 ? [paths] : checked?.rules === undefined ? [] : [[checked.rules]];
  if (paths.length === 0 && config === undefined) {
    const found = findDefaultPacks(io.cwd);
    if (found.kind === 'none')
      return reportUsage(io, 'validate', VALIDATE_USAGE, { ok: false, message: describeNoPack(found.above) });
    io.stderr.write(`rulehook validate: ${describeDefaultPacks(found)}\n`);
    // Each pack of a project is loaded as `test` loads it: alone, with its own catalog.
    packs = found.paths.map((dir) => [dir]);
  }
  const catalog = parsed.options.catalog ?? checked?.catalog;
  const results: Checked[] = checked === undefined ? [] : [checked];
  for (const rules of packs) {
    const loaded = await loadRules(rules, { cwd: io.cwd, ...(catalog === undefined ? {} : { catalog }) });
    results.push(loaded, await checkPackScenarios(rules, io.cwd, loaded.catalog?.spec));
  }
  const diagnostics = results.flatMap((r) => r.diagnostics);
  const sources = new Map(results.flatMap((r) => [...r.sources]));
  const color = format === 'human' && shouldColor(io);
  io.stdout.write(formatDiagnostics(diagnostics, sources, { format, color }));
  const summary = summarizeDiagnostics(diagnostics, sources);
  return summary.errors > 0 || (strict && summary.warnings > 0) ? 1 : 0;
};
