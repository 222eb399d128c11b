import { defineChoice, defineFlag, defineRepeatable, defineString, listChoices } from './define-options';
import { describeOption, formatOptions, formatRows, formatUsage } from './format-help';
import { parsePositiveInt } from './parse-values';

describe('describeOption', () => {
  it('labels an option by its short and long names and the name of its value', () => {
    expect(describeOption('help', defineFlag({ short: 'h', help: 'show this help' }))).toEqual([
      '-h, --help',
      ['show this help'],
    ]);
    expect(describeOption('redact', defineRepeatable({ value: 'GLOB', help: ['a', 'b'] }))).toEqual([
      '--redact GLOB',
      ['a', 'b'],
    ]);
  });

  it('shows the default from the definition, prose in its place, or none', () => {
    const n = { value: 'N', parse: parsePositiveInt, help: ['rows', 'kept'] };
    expect(describeOption('max', defineString({ ...n, default: 100_000 }))[1]).toEqual([
      'rows',
      'kept (default: 100000)',
    ]);
    expect(describeOption('max', defineString({ ...n, helpDefault: 'never' }))[1]).toEqual([
      'rows',
      'kept (default: never)',
    ]);
    expect(describeOption('max', defineString({ ...n, default: 1, helpDefault: false }))[1]).toEqual(n.help);
    expect(describeOption('max', defineString(n))[1]).toEqual(n.help);
    const format = defineChoice({
      value: 'F',
      choices: ['human', 'json'],
      default: 'human',
      helpDefault: false,
      help: listChoices(['human', 'json'], 'human'),
    });
    expect(describeOption('format', format)[1]).toEqual(['human (default) or json']);
  });
});

describe('formatRows and formatUsage', () => {
  it('starts every line of a description at the column', () => {
    expect(
      formatRows(
        [
          ['--a X', ['first', 'second']],
          ['--bb', 'one'],
        ],
        10,
      ),
    ).toBe('  --a X   first\n          second\n  --bb    one\n');
  });

  it('keeps two spaces after a label longer than the column', () => {
    expect(formatRows([['--very-long', 'text']], 8)).toBe('  --very-long  text\n');
  });

  it('puts the options block, rendered from the definitions, after the prose', () => {
    const usage = formatUsage(
      'Usage: x [options]\n\nDoes x.\n',
      { all: defineFlag({ help: 'everything' }), help: defineFlag({ short: 'h', help: 'show this help' }) },
      { column: 16 },
    );
    expect(usage).toBe(
      'Usage: x [options]\n\nDoes x.\n\nOptions:\n  --all         everything\n  -h, --help    show this help\n',
    );
    expect(formatOptions({ all: defineFlag({ help: 'everything' }) }, 16)).toBe(
      '  --all         everything\n',
    );
  });
});
