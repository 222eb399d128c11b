import { defineChoice, defineFlag, defineRepeatable, defineString } from './define-options';
import { HELP_OPTION, isOptionArgument, parseCommandLine, refuse } from './parse-command-line';
import { parsePort, parsePositiveInt } from './parse-values';

const OPTIONS = {
  name: defineString({ value: 'NAME', help: '' }),
  host: defineString({ value: 'HOST', default: '127.0.0.1', help: '' }),
  port: defineString({ value: 'PORT', parse: parsePort, default: 8080, help: '' }),
  limit: defineString({ value: 'N', parse: parsePositiveInt, help: '' }),
  format: defineChoice({ value: 'F', choices: ['human', 'json'], default: 'human', help: '' }),
  quiet: defineFlag({ help: '' }),
  tag: defineRepeatable({ value: 'TAG', help: '' }),
  help: HELP_OPTION,
};

const parse = (args: string[], positionals = true) => parseCommandLine(args, OPTIONS, { positionals });

describe('parseCommandLine', () => {
  it('gives every option a value, the defaults where not given, typed from the definitions', () => {
    const parsed = parse(['a', '--port', '0', '--tag', 'x', 'b', '--tag', 'y', '--quiet']);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed));
    const { values, positionals, given } = parsed.options;
    expect(values).toEqual({
      name: undefined,
      host: '127.0.0.1',
      port: 0,
      limit: undefined,
      format: 'human',
      quiet: true,
      tag: ['x', 'y'],
    });
    expect(positionals).toEqual(['a', 'b']);
    expect([...given].sort()).toEqual(['port', 'quiet', 'tag']);
    const typed: [
      string | undefined,
      string,
      number,
      number | undefined,
      'human' | 'json',
      boolean,
      string[],
    ] = [values.name, values.host, values.port, values.limit, values.format, values.quiet, values.tag];
    expect(typed).toHaveLength(7);
    // @ts-expect-error help is answered by the parser, not a value
    expect(values.help).toBeUndefined();
    // @ts-expect-error no such option
    expect(given.has('nmae')).toBe(false);
  });

  it('reports the first value refused, in definition order, with its flag', () => {
    expect(parse(['--limit', '0', '--port', 'x'])).toEqual({
      ok: false,
      message: '--port expects a port number from 0 to 65535, got "x"',
    });
    expect(parse(['--format', 'xml'])).toEqual({
      ok: false,
      message: '--format expects human or json, got "xml"',
    });
  });

  it('answers --help (or -h) anywhere before checking any value', () => {
    expect(parse(['--port', 'x', '--help'])).toEqual({ ok: false, help: true });
    expect(parse(['-h', '--format', 'xml', 'a'])).toEqual({ ok: false, help: true });
  });

  it('refuses what node:util parseArgs refuses, even with --help', () => {
    expect(parse(['--help', '--bogus'])).toEqual({
      ok: false,
      message: expect.stringMatching(/^Unknown option '--bogus'/),
    });
    expect(parse(['--name'])).toEqual({
      ok: false,
      message: "Option '--name <value>' argument missing",
    });
    expect(parse(['a', '--help'], false)).toEqual({
      ok: false,
      message: expect.stringMatching(/^Unexpected argument 'a'/),
    });
  });
});

describe('isOptionArgument and refuse', () => {
  it('knows an option by its long and short names', () => {
    expect(
      ['--help', '-h', 'help', '--h', '-H'].map((a) => isOptionArgument(a, 'help', HELP_OPTION)),
    ).toEqual([true, true, false, false, false]);
    expect(isOptionArgument('-q', 'quiet', OPTIONS.quiet)).toBe(false);
  });

  it('makes a usage error of a message', () => {
    expect(refuse('--a needs --b')).toEqual({ ok: false, message: '--a needs --b' });
  });
});
