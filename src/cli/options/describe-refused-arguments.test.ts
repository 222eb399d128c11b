import { defineChoice, defineFlag, defineString } from './define-options';
import { HELP_OPTION, parseCommandLine } from './parse-command-line';

const OPTIONS = {
  rules: defineString({ value: 'PATH', help: '' }),
  format: defineChoice({ value: 'F', choices: ['human', 'json'], default: 'human', help: '' }),
  strict: defineFlag({ help: '' }),
  help: HELP_OPTION,
};

const refuse = (args: string[], positionals = false) => {
  const parsed = parseCommandLine(args, OPTIONS, { positionals });
  if (parsed.ok) return 'not refused: ok';
  return 'message' in parsed ? parsed.message : 'not refused: help';
};

describe('an unknown option', () => {
  it.each([
    [['--rulez', 'x'], "Unknown option '--rulez'; did you mean '--rules'?"],
    [['--rulez=x'], "Unknown option '--rulez'; did you mean '--rules'?"],
    [['--fromat', 'json'], "Unknown option '--fromat'; did you mean '--format'?"],
    [['--Strict'], "Unknown option '--Strict'; did you mean '--strict'?"],
    [['--hepl'], "Unknown option '--hepl'; did you mean '--help'?"],
  ])('close to one of the command %j gets a did-you-mean', (args, message) => {
    expect(refuse(args)).toBe(message);
  });

  it('gets one with positionals too, in place of the hint about a positional starting with -', () => {
    expect(refuse(['a', '--rulez', 'x'], true)).toBe("Unknown option '--rulez'; did you mean '--rules'?");
  });

  it("far from every option, or short, keeps node's message", () => {
    expect(refuse(['--bogus'])).toBe("Unknown option '--bogus'");
    expect(refuse(['-x'])).toBe("Unknown option '-x'");
    expect(refuse(['--bogus'], true)).toMatch(/^Unknown option '--bogus'\. To specify a positional argument/);
  });

  it('leaves the other refusals as they are', () => {
    expect(refuse(['--rules'])).toBe("Option '--rules <value>' argument missing");
    expect(refuse(['a'])).toMatch(/^Unexpected argument 'a'/);
  });
});
