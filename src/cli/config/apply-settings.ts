import type { Diagnostic } from '../../diagnostics/diagnostic';
import type { CliIO } from '../../terminal/command-io';
import type { CommandLine } from '../options/parse-command-line';
import type { OptionDefinitions } from '../options/define-options';
import { loadConfigFile } from './load-config-file';
import { layerSettings, type LayeredSettings } from './layer-settings';
import { formatEnvSetting } from './read-env-setting';
import { listSettings, toEnvName } from './setting-names';

/** Names the configuration file when `--config` is not given. */
export const CONFIG_ENV = toEnvName('config');

export type AppliedSettings<D extends OptionDefinitions> =
  | {
      ok: true;
      settings: LayeredSettings<D>;
      /** What the configuration file gave, as the environment variables a worker process reads instead. */
      workerEnv: Record<string, string>;
      /** The configuration file read, for messages naming it (its warnings are shown by `validate --config`). */
      file: { file: string } | undefined;
    }
  | { ok: false; message: string }
  | { ok: false; diagnostics: Diagnostic[]; sources: Map<string, string> };

/**
 * A command's settings from its command line, its environment and the configuration file named by
 * `--config` (else `$RULEHOOK_CONFIG`), in that order of strength. `readFile: false` in a worker of
 * `serve --workers`: it is given what its primary read from the file as environment variables
 * (`workerEnv`), so that every worker, replacements included, runs with the settings the primary checked
 * even if the file changes meanwhile.
 */
export function applySettings<D extends OptionDefinitions>(
  commandLine: CommandLine<D>,
  definitions: D,
  io: CliIO,
  options: { readFile: boolean },
): AppliedSettings<D> {
  const named = (commandLine.values as Record<string, unknown>).config ?? io.env[CONFIG_ENV];
  const path = typeof named === 'string' && named !== '' && options.readFile ? named : undefined;
  const file = path === undefined ? undefined : loadConfigFile(path, io.cwd, definitions);
  if (file !== undefined && file.diagnostics.some((d) => d.severity === 'error'))
    return { ok: false, diagnostics: file.diagnostics, sources: file.sources };
  const layered = layerSettings(commandLine, definitions, io.env, file);
  if (!layered.ok) return layered;
  const workerEnv: Record<string, string> = {};
  for (const setting of listSettings(definitions)) {
    const fromFile = file?.settings.get(setting.name);
    if (fromFile !== undefined && layered.settings.origins.get(setting.name) === 'file')
      workerEnv[setting.env] = formatEnvSetting(fromFile.given);
  }
  return { ok: true, settings: layered.settings, workerEnv, file };
}

/**
 * A message about settings (`--workers 2 needs ...`), with where each setting it names came from when that
 * is not the command line: `(--workers: RULEHOOK_WORKERS; --state: 'state' in rulehook.yaml)`.
 */
export function explainOrigins<D extends OptionDefinitions>(
  message: string,
  applied: Extract<AppliedSettings<D>, { ok: true }>,
  definitions: D,
): string {
  const byName = new Map(listSettings(definitions).map((setting) => [setting.name, setting]));
  const notes: string[] = [];
  for (const name of new Set([...message.matchAll(/--([a-z][a-z0-9-]*)/g)].map((m) => m[1] ?? ''))) {
    const setting = byName.get(name);
    const origin = applied.settings.origins.get(name);
    if (setting === undefined) continue;
    if (origin === 'environment') notes.push(`--${name}: ${setting.env}`);
    if (origin === 'file') notes.push(`--${name}: '${setting.key}' in ${applied.file?.file ?? 'the file'}`);
  }
  return notes.length === 0 ? message : `${message} (${notes.join('; ')})`;
}
