import { defineChoice, defineRepeatable, defineString } from './define-options';
import {
  parseDuration,
  parsePercent,
  parsePort,
  parsePositiveInt,
  parsePositiveNumber,
} from './parse-values';
import { describeParsedValue, TEXT_SCHEMA } from './value-schemas';

describe('the schema of option values', () => {
  it('comes from the shared parsers', () => {
    expect(describeParsedValue(parsePort)).toEqual({ type: 'integer', minimum: 0, maximum: 65535 });
    expect(describeParsedValue(parsePositiveInt)).toEqual({ type: 'integer', minimum: 1 });
    expect(describeParsedValue(parsePercent)).toEqual({ type: 'integer', minimum: 1, maximum: 100 });
    expect(describeParsedValue(parsePositiveNumber)).toEqual({ type: 'number', exclusiveMinimum: 0 });
    expect(describeParsedValue(parseDuration)).toEqual({ type: ['string', 'number'] });
  });

  it('is text for an option without a parser, or with one of its own', () => {
    expect(defineString({ value: 'HOST', help: 'h' }).schema).toBe(TEXT_SCHEMA);
    expect(defineString({ value: 'X', help: 'x', parse: (text: string) => ({ text }) }).schema).toBe(
      TEXT_SCHEMA,
    );
    expect(defineRepeatable({ value: 'GLOB', help: 'g' }).schema).toBe(TEXT_SCHEMA);
  });

  it('is typed by the definitions that use a shared parser, and lists the choices', () => {
    expect(defineString({ value: 'N', help: 'n', parse: parsePositiveInt, default: 1 }).schema).toEqual({
      type: 'integer',
      minimum: 1,
    });
    expect(
      defineChoice({ value: 'P', help: 'p', choices: ['open', 'closed'], default: 'open' }).schema,
    ).toEqual({
      type: 'string',
      enum: ['open', 'closed'],
    });
  });
});
