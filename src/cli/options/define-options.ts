/*
 * Option definitions: one per flag, read both by the parser (over node:util parseArgs) and by the help
 * formatter, and typing the parsed values. Hand-written rather than commander or yargs: their messages
 * and help layout differ from rulehook's, which users and scripts read; parseArgs does the tokenizing.
 */

import { describeParsedValue, TEXT_SCHEMA, type ValueSchema } from './value-schemas';

/** The description of an option in the help: one string per line, the first beside the flag. */
export type HelpText = string | readonly string[];

/** A flag's text turned into its value, or the message telling the user why not. */
export type ParsedValue<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * Parses a flag's text (`flag` is `--name`, for the message), answering the value or a message for the
 * user: the convention of parsePort and the other value parsers. A string answer is always a message, so
 * parsed values are never strings (a string option takes its text as is, or one of `choices`).
 */
export type ValueParser<T extends NotText> = (text: string, flag: string) => T | string;
type NotText = number | boolean | bigint | object;

interface Described {
  /** One letter: `-h` for `--help`. */
  short?: string;
  help: HelpText;
}

interface Valued extends Described {
  /** Names the value in the help: PATH, N, MS... */
  value: string;
  /**
   * The `(default: ...)` ending the help: the default value when absent (a number or a word); prose in
   * its place (`the shipped rules/`); false: none (the help says it otherwise, or not at all).
   */
  helpDefault?: string | false;
}

export interface FlagOption extends Described {
  kind: 'boolean';
}

/** The schema of a flag's value in a configuration file: true or false. */
export const FLAG_SCHEMA: ValueSchema = { type: 'boolean' };

/** An option taking one value; `R` is its type in the parsed result (`T | undefined` without a default). */
export interface StringOption<T, R> extends Valued {
  kind: 'string';
  parse(text: string, flag: string): ParsedValue<T>;
  default: R;
  /** The value as a configuration file writes it (JSON Schema): from the parser, else text. */
  schema: ValueSchema;
}

export interface RepeatableOption<T> extends Valued {
  kind: 'repeatable';
  parse(text: string, flag: string): ParsedValue<T>;
  /** The schema of one of the values. */
  schema: ValueSchema;
}

export type OptionDefinition = FlagOption | StringOption<unknown, unknown> | RepeatableOption<unknown>;
export type OptionDefinitions = Readonly<Record<string, OptionDefinition>>;

/** The parsed values of a command's options, typed from their definitions; `help` is not among them. */
export type OptionValues<D extends OptionDefinitions> = {
  -readonly [K in Exclude<keyof D, 'help'>]: D[K] extends FlagOption
    ? boolean
    : D[K] extends StringOption<unknown, infer R>
      ? R
      : D[K] extends RepeatableOption<infer T>
        ? T[]
        : never;
};

/** A flag without a value: true when given. */
export function defineFlag(definition: Described): FlagOption {
  return { kind: 'boolean', ...definition };
}

/**
 * The parser of an option's values, with the JSON Schema of those values when the parser is the option's
 * own (the shared value parsers carry theirs): without one, a configuration file writes the value as text.
 */
interface Parsed<T extends NotText> {
  parse: ValueParser<T>;
  schema?: ValueSchema;
}

/** `--name VALUE`, taken as typed, or parsed by `parse`; the default makes it never undefined. */
export function defineString(definition: Valued & { default: string }): StringOption<string, string>;
export function defineString(definition: Valued): StringOption<string, string | undefined>;
export function defineString<T extends NotText>(
  definition: Valued & Parsed<T> & { default: NoInfer<T> },
): StringOption<T, T>;
export function defineString<T extends NotText>(
  definition: Valued & Parsed<T>,
): StringOption<T, T | undefined>;
export function defineString(
  definition: Valued & Partial<Parsed<NotText>> & { default?: unknown },
): StringOption<unknown, unknown> {
  const { parse, schema, ...rest } = definition;
  return {
    kind: 'string',
    default: undefined,
    ...rest,
    parse: parse === undefined ? acceptText : adapt(parse),
    schema: schema ?? describeParsedValue(parse),
  };
}

/** `--name VALUE` where VALUE is one of `choices`; `expected` words them in the message (default: a, b or c). */
export function defineChoice<const C extends string>(
  definition: Valued & { choices: readonly C[]; default: NoInfer<C>; expected?: string },
): StringOption<C, C> {
  const { choices, expected = listChoices(choices), ...rest } = definition;
  const isChoice = (text: string): text is C => (choices as readonly string[]).includes(text);
  return {
    kind: 'string',
    ...rest,
    schema: { type: 'string', enum: choices },
    parse: (text, flag) =>
      isChoice(text)
        ? { ok: true, value: text }
        : { ok: false, message: `${flag} expects ${expected}, got ${JSON.stringify(text)}` },
  };
}

/** `--name VALUE`, given any number of times: the values in order, none when not given. */
export function defineRepeatable(definition: Valued): RepeatableOption<string> {
  return { kind: 'repeatable', ...definition, parse: acceptText, schema: TEXT_SCHEMA };
}

/** `human, json or junit`; with `defaultChoice`: `human (default), json or junit`. */
export function listChoices(choices: readonly string[], defaultChoice?: string): string {
  const named = choices.map((c) => markDefault(c, defaultChoice));
  return named.length < 2 ? named.join('') : `${named.slice(0, -1).join(', ')} or ${named.at(-1)}`;
}

/** `human (default)` for the default choice, the choice alone for the others. */
export function markDefault(choice: string, defaultChoice: string | undefined): string {
  return choice === defaultChoice ? `${choice} (default)` : choice;
}

function acceptText(text: string): ParsedValue<string> {
  return { ok: true, value: text };
}

function adapt<T extends NotText>(parse: ValueParser<T>): (text: string, flag: string) => ParsedValue<T> {
  return (text, flag) => {
    const parsed = parse(text, flag);
    return typeof parsed === 'string' ? { ok: false, message: parsed } : { ok: true, value: parsed };
  };
}
