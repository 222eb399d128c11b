import { findTextPositions } from '../../rules/schema/text-positions';
import { DRAFT_2020_12, documented, text, type JsonSchema } from '../../rules/schema/schema-doc';
import type { SpecPath } from '../../rules/spec';
import type { OptionDefinitions } from '../options/define-options';
import { describeSettingValue, isPathSetting, listSettings, type Setting } from './setting-names';

/**
 * The JSON Schema of a configuration file of `rulehook serve`, built from the option definitions: one
 * property per setting, typed from its definition, with its flag, environment variable and default.
 * Shipped as schema/config.schema.json (editors complete from it) and read by `settingsTableOf`.
 */
export function buildConfigSchema(definitions: OptionDefinitions): JsonSchema {
  const properties: Record<string, JsonSchema> = {
    $schema: text('$schema', 'The schema of this file, for editors.'),
  };
  for (const setting of listSettings(definitions)) properties[setting.key] = describeSetting(setting);
  return {
    $schema: DRAFT_2020_12,
    ...documented(
      'rulehook serve configuration',
      'Settings of `rulehook serve`, read with `--config FILE`. Each is also a flag and an environment variable: flags win over the environment, which wins over this file.',
    ),
    type: 'object',
    properties,
    additionalProperties: false,
  };
}

/**
 * Where a configuration file of `definitions` expects text, for parseYaml: the value (or items) of a text
 * setting, the text schemas of buildConfigSchema. YAML numbers and booleans written there are taken as
 * written (`state_secret: 1234` is the text "1234").
 */
export function isConfigStringPosition(definitions: OptionDefinitions): (path: SpecPath) => boolean {
  return findTextPositions(buildConfigSchema(definitions));
}

function describeSetting(setting: Setting): JsonSchema {
  const { definition } = setting;
  const value = { ...describeSettingValue(setting) };
  // An empty text sets nothing (as an empty environment variable): leave the key out instead.
  if (value.type === 'string' && value.enum === undefined) value.minLength = 1;
  const schema: JsonSchema =
    definition.kind === 'repeatable'
      ? { type: 'array', items: { ...value, ...describeItem(setting) } }
      : value;
  const fixed = describeFixedDefault(setting);
  const shown = fixed === undefined ? describeDefaultProse(setting) : undefined;
  const help = typeof definition.help === 'string' ? definition.help : definition.help.join(' ');
  const markdown = [
    toSentence(help),
    isPathSetting(setting) ? ' In a configuration file, relative to its directory.' : '',
    shown === undefined ? '' : ` Default: ${shown}.`,
    `\n\nFlag \`--${setting.name}\`, environment variable \`${setting.env}\`.`,
  ].join('');
  return documented(setting.key, markdown, fixed === undefined ? schema : { ...schema, default: fixed });
}

function describeItem(setting: Setting): JsonSchema {
  const value = setting.definition.kind === 'boolean' ? 'VALUE' : setting.definition.value;
  return documented(value, `One ${value}.`);
}

/**
 * The default as a value, when it is one the schema can state: numbers, booleans, empty lists, and words
 * the help shows as they are (not `rules`, whose default is a path of this installation).
 */
function describeFixedDefault(setting: Setting): unknown {
  const { definition } = setting;
  if (definition.kind === 'boolean') return false;
  if (definition.kind === 'repeatable') return [];
  const value = definition.default;
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && definition.helpDefault === undefined) return value;
  return undefined;
}

/**
 * The default in words, as the help shows it (`the shipped rules/`, `never`); undefined: none. A help
 * default naming the setting's own variable (`$RULEHOOK_STATE_SECRET, else none`) is what any setting
 * does here: only the rest is the default.
 */
function describeDefaultProse(setting: Setting): string | undefined {
  const { definition } = setting;
  if (definition.kind === 'boolean' || definition.kind === 'repeatable') return undefined;
  if (typeof definition.helpDefault !== 'string') return undefined;
  return definition.helpDefault.replace(`$${setting.env}, else `, '');
}

/** A help line as a sentence: capitalized unless its first word has capitals of its own (`gRPC`). */
function toSentence(help: string): string {
  const first = /^\S*/.exec(help)?.[0] ?? '';
  const capital = first === first.toLowerCase() ? `${help.charAt(0).toUpperCase()}${help.slice(1)}` : help;
  return capital.endsWith('.') ? capital : `${capital}.`;
}
