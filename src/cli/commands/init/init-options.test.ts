import { INIT_USAGE, parseInitOptions } from './init-options';

describe('parseInitOptions', () => {
  it('takes the current directory by default, one directory, and --force', () => {
    expect(parseInitOptions([])).toEqual({ ok: true, options: { dir: '.', force: false } });
    expect(parseInitOptions(['rules', '--force'])).toEqual({
      ok: true,
      options: { dir: 'rules', force: true },
    });
  });

  it('refuses two directories and unknown options', () => {
    expect(parseInitOptions(['a', 'b'])).toEqual({
      ok: false,
      message: 'give one directory, not 2 (a, b)',
    });
    expect(parseInitOptions(['--forse'])).toEqual({
      ok: false,
      message: expect.stringContaining("Unknown option '--forse'"),
    });
  });

  it('answers --help, with a usage that says what is created and the exit codes', () => {
    expect(parseInitOptions(['x', '--help'])).toEqual({ ok: false, help: true });
    expect(INIT_USAGE).toMatch(/^Usage: rulehook init \[DIR\] \[options\]\n/);
    expect(INIT_USAGE).toContain('  --force     overwrite the starter files DIR already holds\n');
    expect(INIT_USAGE).toContain('Exit code: 0 created, 1 ');
  });
});
