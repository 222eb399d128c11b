import path from 'node:path';
import { hasErrors, type Diagnostic } from '../../../diagnostics/diagnostic';
import type { CliIO } from '../../../terminal/command-io';
import { layerSettings } from '../../config/layer-settings';
import { loadConfigFile, type ConfigFile } from '../../config/load-config-file';
import { locateSettingsProblem } from '../../config/locate-settings-problem';
import { parseCommandLine } from '../../options/parse-command-line';
import { resolveServeSettings, SERVE_OPTIONS } from '../serve/serve-options';

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
    rules: describePath(readGivenPath(config, 'rules', io.cwd), io.cwd),
    catalog: describePath(readGivenPath(config, 'catalog', io.cwd), io.cwd),
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

/**
 * The path a setting of the file gives, absolute: as read or, when a mistake elsewhere left no setting read,
 * as written (a text, relative to the file's directory as `serve` reads it), so that one run reports the
 * file's problems and those of the rules it names. A file with YAML syntax errors is not read further.
 */
function readGivenPath(config: ConfigFile, key: 'rules' | 'catalog', cwd: string): unknown {
  const read = config.settings.get(key);
  if (read !== undefined || config.parsed?.wellFormed !== true) return read?.given;
  const { value } = config.parsed;
  const written = typeof value === 'object' && value !== null ? Object(value)[key] : undefined;
  if (typeof written !== 'string' || written === '') return undefined;
  return path.resolve(path.dirname(path.resolve(cwd, config.file)), written);
}

/** A path from the file (absolute once read), as the report shows it: relative to the working directory. */
function describePath(given: unknown, cwd: string): string | undefined {
  if (typeof given !== 'string') return undefined;
  const relative = path.relative(cwd, given);
  return relative === '' ? '.' : relative.startsWith('..') ? given : relative;
}
