import path from 'node:path';
import { hasErrors, type Diagnostic } from '../diagnostics';
import type { CliIO } from '../terminal/command-io';
import { layerSettings, loadConfigFile, locateSettingsProblem } from './config';
import { parseCommandLine } from './options';
import { resolveServeSettings, SERVE_OPTIONS } from './serve-options';

export interface CheckedConfig {
  diagnostics: Diagnostic[];
  sources: Map<string, string>;
  /** The rules and catalog the file names, relative to the working directory; undefined: not named. */
  rules: string | undefined;
  catalog: string | undefined;
}

/**
 * `rulehook validate --config FILE`: the file as `serve --config FILE` reads it (YAML, schema, each value)
 * and its settings together as `serve` checks them, the file over the defaults: the environment and
 * flags of the machine that validates are not those of the one that serves, so neither is read.
 */
export function checkServeConfig(file: string, io: CliIO): CheckedConfig {
  const config = loadConfigFile(file, io.cwd, SERVE_OPTIONS);
  const checked: CheckedConfig = {
    diagnostics: config.diagnostics,
    sources: config.sources,
    rules: describePath(config.settings.get('rules')?.given, io.cwd),
    catalog: describePath(config.settings.get('catalog')?.given, io.cwd),
  };
  const defaults = parseCommandLine([], SERVE_OPTIONS, { positionals: false });
  if (hasErrors(config.diagnostics) || !defaults.ok) return checked;
  const layered = layerSettings(defaults.options, SERVE_OPTIONS, {}, config);
  if (!layered.ok) return checked;
  const { values, origins } = layered.settings;
  const resolved = resolveServeSettings(values, { ...io, env: {} }, origins);
  if (!resolved.ok)
    checked.diagnostics = [
      ...checked.diagnostics,
      locateSettingsProblem(resolved.message, config, SERVE_OPTIONS),
    ];
  return checked;
}

/** A path from the file (absolute once read), as the report shows it: relative to the working directory. */
function describePath(given: unknown, cwd: string): string | undefined {
  if (typeof given !== 'string') return undefined;
  const relative = path.relative(cwd, given);
  return relative === '' ? '.' : relative.startsWith('..') ? given : relative;
}
