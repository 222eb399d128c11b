export {
  defineChoice,
  defineFlag,
  defineRepeatable,
  defineString,
  FLAG_SCHEMA,
  listChoices,
  markDefault,
  type HelpText,
  type OptionDefinition,
  type OptionDefinitions,
  type OptionValues,
  type StringOption,
  type ValueParser,
} from './define-options';
export { describeOption, formatOptions, formatRows, formatUsage, type HelpRow } from './format-help';
export {
  HELP_OPTION,
  isOptionArgument,
  parseCommandLine,
  refuse,
  type CommandLine,
  type NotRun,
  type ParseResult,
} from './parse-command-line';
export {
  parseDuration,
  parsePercent,
  parsePort,
  parsePositiveInt,
  parsePositiveNumber,
} from './parse-values';
export { EXIT_USAGE, reportUsage } from './report-usage';
export { describeParsedValue, TEXT_SCHEMA, type ValueSchema } from './value-schemas';
