import path from 'node:path';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import { createDiagnostic, sortDiagnostics } from '../../diagnostics/create-diagnostic';
import { hasErrors, type Diagnostic } from '../../diagnostics/diagnostic';
import { parseYaml, type ParsedYaml } from '../../rules/parse/parse-yaml';
import { mapAjvErrors } from '../../rules/schema/map-ajv-errors';
import type { OptionDefinitions } from '../options/define-options';
import { buildConfigSchema, isConfigStringPosition } from './config-schema';
import { readConfigText } from './read-config-text';
import { isPathSetting, listSettings, type Setting } from './setting-names';

/** A setting as a configuration file gives it. */
export interface FileSetting {
  /** The value, parsed by the option's own parser, as from the command line. */
  value: unknown;
  /** What the parser was given (paths made absolute): how the setting is passed on to a worker. */
  given: string | string[] | boolean;
}

export interface ConfigFile {
  /** The path as the user gave it. */
  file: string;
  /** Errors and warnings, with their positions; the settings are empty when there is an error. */
  diagnostics: Diagnostic[];
  /** The text of the file read, by `file`, for the code frames of the diagnostics. */
  sources: Map<string, string>;
  /** By option name. */
  settings: Map<string, FileSetting>;
  /** Where each setting's value is written, for messages about settings that do not go together. */
  parsed: ParsedYaml | undefined;
}

const validators = new WeakMap<OptionDefinitions, ValidateFunction>();

/**
 * Reads a configuration file: YAML with the limits of rule files (size, nesting, aliases), checked against
 * the schema of `definitions` (buildConfigSchema) with the diagnostics of rule files, then each value given
 * to its option's parser. `file` is shown; `cwd` resolves it.
 */
export function loadConfigFile(file: string, cwd: string, definitions: OptionDefinitions): ConfigFile {
  const absolute = path.resolve(cwd, file);
  const result: ConfigFile = {
    file,
    diagnostics: [],
    sources: new Map(),
    settings: new Map(),
    parsed: undefined,
  };
  const read = readConfigText(file, absolute);
  if (!read.ok) return { ...result, diagnostics: [read.diagnostic] };
  result.sources.set(file, read.text);
  const settings = new Map(listSettings(definitions).map((setting) => [setting.key, setting]));
  const parsed = parseYaml(file, read.text, isConfigStringPosition(definitions));
  result.parsed = parsed;
  result.diagnostics.push(...parsed.diagnostics);
  if (!parsed.wellFormed) return result;
  const validate = getValidator(definitions);
  if (!validate(parsed.value))
    result.diagnostics.push(...sortDiagnostics(mapAjvErrors(validate.errors ?? [], parsed), [file]));
  if (hasErrors(result.diagnostics)) return result;
  const base = path.dirname(absolute);
  for (const [key, written] of Object.entries(parsed.value as Record<string, unknown>)) {
    const setting = settings.get(key);
    if (setting === undefined) continue;
    const read = readSetting(setting, written, base);
    if (read.ok) result.settings.set(setting.name, read.setting);
    else
      result.diagnostics.push(
        createDiagnostic('INVALID_SETTING', file, read.message, { range: parsed.locate([key]) }),
      );
  }
  if (hasErrors(result.diagnostics)) result.settings.clear();
  return result;
}

function getValidator(definitions: OptionDefinitions): ValidateFunction {
  let validate = validators.get(definitions);
  if (validate === undefined) {
    // The options of the rule-file schema: `verbose` gives mapAjvErrors the schema and data it words.
    const ajv = new Ajv2020({ allErrors: true, verbose: true, allowUnionTypes: true, strict: true });
    ajv.addKeyword({ keyword: 'markdownDescription', schemaType: 'string' });
    validate = ajv.compile(buildConfigSchema(definitions));
    validators.set(definitions, validate);
  }
  return validate;
}

/** A value the schema accepted, given to the option's parser as the command line would give it. */
function readSetting(
  setting: Setting,
  written: unknown,
  base: string,
): { ok: true; setting: FileSetting } | { ok: false; message: string } {
  const { definition, key } = setting;
  if (definition.kind === 'boolean')
    return { ok: true, setting: { value: written, given: written as boolean } };
  const toText = (value: unknown): string => {
    const text = String(value);
    return isPathSetting(setting) ? path.resolve(base, text) : text;
  };
  if (definition.kind === 'string') {
    const text = toText(written);
    const parsed = definition.parse(text, key);
    return parsed.ok ? { ok: true, setting: { value: parsed.value, given: text } } : parsed;
  }
  const texts = (written as unknown[]).map(toText);
  const values: unknown[] = [];
  for (const text of texts) {
    const parsed = definition.parse(text, key);
    if (!parsed.ok) return parsed;
    values.push(parsed.value);
  }
  return { ok: true, setting: { value: values, given: texts } };
}
