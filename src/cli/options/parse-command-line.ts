import { parseArgs, type ParseArgsConfig } from 'node:util';
import {
  defineFlag,
  type FlagOption,
  type OptionDefinition,
  type OptionDefinitions,
  type OptionValues,
  type ParsedValue,
} from './define-options';
import { describeRefusedArguments } from './describe-refused-arguments';

/** What a command line asks for: a run with these options, or none (`NotRun`). */
export type ParseResult<T> = { ok: true; options: T } | NotRun;

/** A command line that does not run: `--help` (exit 0), or a usage error and why (exit 2). */
export type NotRun = { ok: false; help: true } | { ok: false; message: string };

export interface CommandLine<D extends OptionDefinitions> {
  values: OptionValues<D>;
  positionals: string[];
  /** The options given on the command line, as opposed to defaulted. */
  given: ReadonlySet<keyof OptionValues<D>>;
}

/** `-h, --help`, which every command has; the parser answers it before checking any value. */
export const HELP_OPTION = defineFlag({ short: 'h', help: 'show this help' });

/**
 * node:util parseArgs (strict: an unknown option or a missing value is an error), then each option's
 * value parsed in definition order, the first refusal reported. `--help` wins over wrong values, but not
 * over arguments parseArgs refuses (an unknown option close to a known one gets a did-you-mean). Cross-option checks are left to the command.
 */
export function parseCommandLine<D extends OptionDefinitions & { help: FlagOption }>(
  args: readonly string[],
  definitions: D,
  settings: { positionals: boolean },
): ParseResult<CommandLine<D>> {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: [...args],
      options: toParseArgsOptions(definitions),
      allowPositionals: settings.positionals,
      strict: true,
    });
  } catch (error) {
    return { ok: false, message: describeRefusedArguments(error, definitions) };
  }
  if (parsed.values.help === true) return { ok: false, help: true };
  const values: Record<string, unknown> = {};
  for (const [name, definition] of Object.entries(definitions)) {
    if (name === 'help') continue;
    const value = readValue(definition, parsed.values[name], `--${name}`);
    if (!value.ok) return { ok: false, message: value.message };
    values[name] = value.value;
  }
  return {
    ok: true,
    options: {
      // Built key by key from the same definitions OptionValues<D> maps over.
      values: values as OptionValues<D>,
      positionals: parsed.positionals,
      given: new Set(Object.keys(parsed.values) as (keyof OptionValues<D>)[]),
    },
  };
}

/** A usage error of a command line, for the command's own checks. */
export function refuse(message: string): { ok: false; message: string } {
  return { ok: false, message };
}

/** Whether one argument names this option, long or short (for a command dispatching on its first one). */
export function isOptionArgument(arg: string, name: string, definition: OptionDefinition): boolean {
  return arg === `--${name}` || (definition.short !== undefined && arg === `-${definition.short}`);
}

function toParseArgsOptions(definitions: OptionDefinitions): NonNullable<ParseArgsConfig['options']> {
  return Object.fromEntries(
    Object.entries(definitions).map(([name, { kind, short }]) => [
      name,
      {
        type: kind === 'boolean' ? 'boolean' : 'string',
        ...(kind === 'repeatable' ? { multiple: true } : {}),
        ...(short === undefined ? {} : { short }),
      },
    ]),
  );
}

type ArgValue = string | boolean | (string | boolean)[] | undefined;

function readValue(definition: OptionDefinition, given: ArgValue, flag: string): ParsedValue<unknown> {
  if (definition.kind === 'boolean') return { ok: true, value: given === true };
  if (definition.kind === 'string')
    return typeof given === 'string'
      ? definition.parse(given, flag)
      : { ok: true, value: definition.default };
  const values: unknown[] = [];
  for (const text of Array.isArray(given) ? given : []) {
    const value = definition.parse(String(text), flag);
    if (!value.ok) return value;
    values.push(value.value);
  }
  return { ok: true, value: values };
}
