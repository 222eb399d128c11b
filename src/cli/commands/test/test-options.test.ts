import { parseTestOptions, TEST_USAGE } from './test-options';

describe('TEST_USAGE', () => {
  it('renders the options from their definitions, exactly as the help has always read', () => {
    expect(TEST_USAGE).toBe(`Usage: rulehook test [PATH...] [options]

Run the rule tests: the scenario files (*.test.yaml) under the given files and directories (default: the
rule pack in the current directory, else the project's rules/ and examples/, as rulehook validate finds them).
Each test simulates a call, event by event, through the rules it names.
Exit code: 0 when every test passes, 1 when a test fails or a rule or scenario file is invalid (or, with
--require-coverage, an enabled rule never fired), 2 on wrong usage.

Options:
  --filter TEXT        run only the tests whose name (or file path) contains TEXT (any case)
  --format FORMAT      human (default), json or junit
  --coverage           show how many events fired each rule, and the condition outcomes never seen
  --require-coverage   fail when an enabled rule never fired (implies --coverage)
  --allow-empty        no scenario file, a file without tests, or a --filter matching nothing is not an error
  --watch              run again whenever a rule or scenario file changes (stop with Ctrl-C)
  -h, --help           show this help
`);
  });
});

describe('parseTestOptions', () => {
  it('has defaults for everything, and --require-coverage implies --coverage', () => {
    expect(parseTestOptions([])).toEqual({
      ok: true,
      options: {
        paths: [],
        filter: undefined,
        format: 'human',
        coverage: false,
        requireCoverage: false,
        allowEmpty: false,
        watch: false,
      },
    });
    expect(parseTestOptions(['p', '--require-coverage', '--format', 'junit'])).toMatchObject({
      ok: true,
      options: { paths: ['p'], format: 'junit', coverage: true, requireCoverage: true },
    });
  });

  it('answers the help whatever the values', () => {
    expect(parseTestOptions(['--format', 'xml', '--help'])).toEqual({ ok: false, help: true });
  });
});
