import { FLAG_SCHEMA, type OptionDefinition, type OptionDefinitions } from '../options/define-options';
import type { ValueSchema } from '../options/value-schemas';

/**
 * Options that are not settings: asking for the help, and naming the configuration file itself (a file
 * cannot name another file, and an environment variable names it only as `RULEHOOK_CONFIG`).
 */
export const NOT_SETTINGS: readonly string[] = ['help', 'config'];

/** One option as a setting: written as `--flag`, as `key:` in a configuration file, or as `ENV=`. */
export interface Setting {
  /** The option's name, as in `--name`. */
  name: string;
  /** snake_case: `max_inflight_events` for `--max-inflight-events`. */
  key: string;
  /** `RULEHOOK_` and the key in upper case: `RULEHOOK_MAX_INFLIGHT_EVENTS`. */
  env: string;
  definition: OptionDefinition;
}

/** The configuration file key of `--name`. */
export function toFileKey(name: string): string {
  return name.replace(/-/g, '_');
}

/** The environment variable of `--name`. */
export function toEnvName(name: string): string {
  return `RULEHOOK_${toFileKey(name).toUpperCase()}`;
}

/** Every option of a command that is a setting, in definition order. */
export function listSettings(definitions: OptionDefinitions): Setting[] {
  return Object.entries(definitions)
    .filter(([name]) => !NOT_SETTINGS.includes(name))
    .map(([name, definition]) => ({ name, key: toFileKey(name), env: toEnvName(name), definition }));
}

/** What one value of the setting is (one item, for a repeatable option). */
export function describeSettingValue(setting: Setting): ValueSchema {
  return setting.definition.kind === 'boolean' ? FLAG_SCHEMA : setting.definition.schema;
}

/** Whether a setting's value is free text: YAML numbers and booleans written there are taken as written. */
export function isTextSetting(setting: Setting): boolean {
  return describeSettingValue(setting).type === 'string';
}

/**
 * Whether a setting names a file or directory, by the option layer's value names (`--rules PATH`,
 * `--record FILE`): such a value, written relative in a configuration file, is relative to that file.
 */
export function isPathSetting(setting: Setting): boolean {
  const { definition } = setting;
  return definition.kind !== 'boolean' && ['PATH', 'FILE', 'DIR'].includes(definition.value);
}
