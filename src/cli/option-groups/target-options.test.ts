import { HELP_OPTION, parseCommandLine } from '../options';
import { checkTargetOptions, TARGET_OPTIONS } from './target-options';

function check(args: string[]) {
  const parsed = parseCommandLine(args, { ...TARGET_OPTIONS, help: HELP_OPTION }, { positionals: false });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed));
  const { values, given } = parsed.options;
  return checkTargetOptions(values, (name) => given.has(name));
}

describe('checkTargetOptions', () => {
  it('lets the target options be given with --target, or left to their defaults without', () => {
    expect(check([])).toBeUndefined();
    expect(check(['--target-kind', 'auto'])).toBeUndefined();
    expect(
      check(['--target', 'http://h:1', '--concurrency', '2', '--timeout', '5', '--target-kind', 'other']),
    ).toBe(undefined);
  });

  it.each([
    [['--concurrency', '8'], '--concurrency needs --target'],
    [['--timeout', '10000', '--concurrency', '2'], '--concurrency needs --target'],
    [['--timeout', '10000'], '--timeout needs --target'],
    [['--target-kind', 'rulehook'], '--target-kind needs --target'],
  ])('refuses %j, even at the default value', (args, message) => {
    expect(check(args)).toBe(message);
  });
});
