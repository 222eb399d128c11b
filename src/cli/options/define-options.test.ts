import {
  defineChoice,
  defineFlag,
  defineRepeatable,
  defineString,
  listChoices,
  markDefault,
} from './define-options';
import { parsePort } from './parse-values';

describe('defineString', () => {
  it("types its values in a configuration file from the parser, an option's own parser with the schema it states", () => {
    expect(defineString({ value: 'PATH', help: '' }).schema).toEqual({ type: 'string' });
    expect(defineString({ value: 'PORT', parse: parsePort, help: '' }).schema).toMatchObject({
      type: 'integer',
    });
    const half = (text: string) => Number(text) / 2;
    expect(defineString({ value: 'N', parse: half, help: '' }).schema).toEqual({ type: 'string' });
    const schema = { type: 'number', minimum: 0 };
    expect(defineString({ value: 'N', parse: half, schema, default: 1, help: '' }).schema).toBe(schema);
  });

  it('takes the text as is without a parser, and has no default unless given', () => {
    const text = defineString({ value: 'PATH', help: 'a path' });
    expect(text.parse(' x ', '--rules')).toEqual({ ok: true, value: ' x ' });
    expect(text.default).toBeUndefined();
    expect(defineString({ value: 'HOST', default: '::1', help: '' }).default).toBe('::1');
    // @ts-expect-error a default other than text needs a parser
    defineString({ value: 'N', default: 5, help: '' });
  });

  it("turns a parser's message into a refusal and its value into the option's value", () => {
    const port = defineString({ value: 'PORT', parse: parsePort, default: 8080, help: '' });
    expect(port.parse('81', '--http-port')).toEqual({ ok: true, value: 81 });
    expect(port.parse('x', '--http-port')).toEqual({
      ok: false,
      message: '--http-port expects a port number from 0 to 65535, got "x"',
    });
    expect(port.default).toBe(8080);
    // @ts-expect-error the default of a port is a number
    defineString({ value: 'PORT', parse: parsePort, default: '8080', help: '' });
  });
});

describe('defineChoice', () => {
  const format = defineChoice({
    value: 'F',
    choices: ['human', 'json', 'junit'],
    default: 'human',
    help: '',
  });

  it('accepts its choices only, listing them in the message', () => {
    expect(format.parse('json', '--format')).toEqual({ ok: true, value: 'json' });
    expect(format.parse('JSON', '--format')).toEqual({
      ok: false,
      message: '--format expects human, json or junit, got "JSON"',
    });
  });

  it('words the message as told', () => {
    const level = defineChoice({
      value: 'L',
      choices: ['a', 'b'],
      default: 'a',
      expected: 'one of a, b',
      help: '',
    });
    expect(level.parse('c', '--level')).toEqual({
      ok: false,
      message: '--level expects one of a, b, got "c"',
    });
  });

  it('types its value and default as one of the choices', () => {
    const parsed = format.parse('junit', '--format');
    const value: 'human' | 'json' | 'junit' | undefined = parsed.ok ? parsed.value : undefined;
    expect(value).toBe('junit');
    // @ts-expect-error 'xml' is not a choice
    defineChoice({ value: 'F', choices: ['human', 'json'], default: 'xml', help: '' });
  });
});

describe('defineFlag and defineRepeatable', () => {
  it('makes a flag of a description', () => {
    expect(defineFlag({ short: 'h', help: 'show this help' })).toEqual({
      kind: 'boolean',
      short: 'h',
      help: 'show this help',
    });
  });

  it('takes each text of a repeatable option as is', () => {
    expect(defineRepeatable({ value: 'GLOB', help: '' }).parse('a.*', '--redact')).toEqual({
      ok: true,
      value: 'a.*',
    });
  });
});

describe('listChoices and markDefault', () => {
  it('joins with commas and a last "or", marking the default', () => {
    expect(listChoices(['debug', 'info', 'warn', 'error'])).toBe('debug, info, warn or error');
    expect(listChoices(['human', 'json'], 'human')).toBe('human (default) or json');
    expect(listChoices(['auto', 'rulehook', 'other'], 'rulehook')).toBe('auto, rulehook (default) or other');
    expect(listChoices(['only'])).toBe('only');
    expect([markDefault('a', 'a'), markDefault('b', 'a'), markDefault('a', undefined)]).toEqual([
      'a (default)',
      'b',
      'a',
    ]);
  });
});
