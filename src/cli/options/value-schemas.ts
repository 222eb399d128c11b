import {
  parseDuration,
  parsePercent,
  parsePort,
  parsePositiveInt,
  parsePositiveNumber,
} from './parse-values';

/**
 * What a value is, as a JSON Schema fragment: how a setting is written in a configuration file, and what
 * editors complete there. The value still goes through the option's own parser after the schema.
 */
export type ValueSchema = Readonly<Record<string, unknown>>;

/** Text: what an option's value is when nothing more is known of its parser. */
export const TEXT_SCHEMA: ValueSchema = { type: 'string' };

/** The schemas of the shared value parsers, so that an option using one is typed without saying so. */
const PARSER_SCHEMAS = new Map<unknown, ValueSchema>([
  [parsePort, { type: 'integer', minimum: 0, maximum: 65535 }],
  [parsePositiveInt, { type: 'integer', minimum: 1 }],
  [parsePercent, { type: 'integer', minimum: 1, maximum: 100 }],
  [parsePositiveNumber, { type: 'number', exclusiveMinimum: 0 }],
  [parseDuration, { type: ['string', 'number'] }],
]);

/** The schema of a parser's values; text for a parser of an option's own. */
export function describeParsedValue(parse: unknown): ValueSchema {
  return PARSER_SCHEMAS.get(parse) ?? TEXT_SCHEMA;
}
