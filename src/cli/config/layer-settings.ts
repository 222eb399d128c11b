import type { CommandLine } from '../options/parse-command-line';
import type { OptionDefinitions, OptionValues } from '../options/define-options';
import type { ConfigFile } from './load-config-file';
import { readEnvSetting } from './read-env-setting';
import { listSettings } from './setting-names';

/** Where a setting's value came from, strongest first. */
export type Origin = 'flag' | 'environment' | 'file' | 'default';

export interface LayeredSettings<D extends OptionDefinitions> {
  values: OptionValues<D>;
  /** By option name. */
  origins: ReadonlyMap<string, Origin>;
}

/**
 * Each setting from the strongest layer that sets it: the command line, then its environment variable,
 * then the configuration file, then the option's default. A whole value is taken from one layer: a list
 * given as a flag replaces the file's, it is not added to it. A flag cannot turn a setting the
 * environment or the file turns on off again: set the variable to `false`, or edit the file.
 */
export function layerSettings<D extends OptionDefinitions>(
  commandLine: CommandLine<D>,
  definitions: D,
  env: Readonly<Record<string, string | undefined>>,
  file: ConfigFile | undefined,
): { ok: true; settings: LayeredSettings<D> } | { ok: false; message: string } {
  const values: Record<string, unknown> = { ...commandLine.values };
  const origins = new Map<string, Origin>();
  const given: ReadonlySet<string> = commandLine.given as ReadonlySet<string>;
  for (const setting of listSettings(definitions)) {
    const { name } = setting;
    if (given.has(name)) {
      origins.set(name, 'flag');
      continue;
    }
    const fromEnv = readEnvSetting(setting, env);
    if (fromEnv !== undefined && !fromEnv.ok) return { ok: false, message: fromEnv.message };
    const fromFile = file?.settings.get(name);
    const layer = fromEnv ?? fromFile;
    origins.set(name, fromEnv !== undefined ? 'environment' : fromFile !== undefined ? 'file' : 'default');
    if (layer !== undefined) values[name] = layer.value;
  }
  // Built key by key from the command line's values, which OptionValues<D> types.
  return { ok: true, settings: { values: values as OptionValues<D>, origins } };
}
