import { INIT_USAGE, parseInitOptions } from './init-options';

describe('parseInitOptions', () => {
  it('takes the current directory by default, one directory, and --force', () => {
    expect(parseInitOptions([])).toEqual({ kind: 'ok', options: { dir: '.', force: false } });
    expect(parseInitOptions(['rules', '--force'])).toEqual({
      kind: 'ok',
      options: { dir: 'rules', force: true },
    });
  });

  it('refuses two directories and unknown options', () => {
    expect(parseInitOptions(['a', 'b'])).toEqual({
      kind: 'error',
      message: 'give one directory, not 2 (a, b)',
    });
    expect(parseInitOptions(['--forse'])).toEqual({
      kind: 'error',
      message: expect.stringContaining("Unknown option '--forse'"),
    });
  });

  it('answers --help, with a usage that says what is created and the exit codes', () => {
    expect(parseInitOptions(['x', '--help'])).toEqual({ kind: 'help' });
    expect(INIT_USAGE).toMatch(/^Usage: rulehook init \[DIR\] \[options\]\n/);
    expect(INIT_USAGE).toContain('  --force     overwrite the starter files DIR already holds\n');
    expect(INIT_USAGE).toContain('Exit code: 0 created, 1 ');
  });
});
