import { parseTestOptions, TEST_USAGE } from './test-options';

describe('TEST_USAGE', () => {
  it('renders the options from their definitions, exactly as the help has always read', () => {
    expect(TEST_USAGE).toBe(`Usage: rulehook test [PATH...] [options]
       rulehook test --from-recording FILE [--session ID ...] --write OUT.test.yaml [--update]

Run the rule tests: the scenario files (*.test.yaml) under the given files and directories (default: the
rule pack in the current directory, else the project's rules/ and examples/, as rulehook validate finds them).
Each test simulates a call, event by event, through the rules it names.
Exit code: 0 when every test passes, 1 when a test fails or a rule or scenario file is invalid (or, with
--require-coverage, an enabled rule never fired), 2 on wrong usage.
--from-recording writes a test per recorded call, through the rules of the current directory, expecting
today's answers; --update refreshes them after an intended change (exit 0, 1 on a problem).

Options:
  --filter TEXT              run only the tests whose name (or file path) contains TEXT (any case)
  --format FORMAT            human (default), json or junit
  --coverage                 show how many events fired each rule, and the condition outcomes never seen
  --require-coverage         fail when an enabled rule never fired (implies --coverage)
  --allow-empty              no scenario file, a file without tests, or a --filter matching nothing is not an error
  --watch                    run again whenever a rule or scenario file changes (stop with Ctrl-C)
  --from-recording FILE      write a test per recorded call of FILE, expecting today's answers (needs --write)
  --session ID               with --from-recording: only this call (repeatable)
  --write OUT                the scenario file to write (never overwritten without --update)
  --update                   rewrite the expectations of the --write file from its recording; show the diff
  --engine-own-updates HOW   applied or changes: whether the engine counts the webhook's own
                             variable updates as changes of the next event (its delta, and \`changed\`) (default: applied)
  --engine-empty-delta HOW   sent or filtered: whether keys_to_ignore filters an event
                             whose delta is empty (default: sent)
  --engine-later-filter HOW  replaces or adds: whether a response's event_filter
                             replaces the session's filter or adds to it (default: replaces)
  -h, --help                 show this help
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

describe('parseTestOptions: --from-recording and --update', () => {
  it('reads the calls, the file to write and the engine settings given (none: undefined)', () => {
    const parsed = parseTestOptions([
      '--from-recording',
      'recordings/day1.jsonl',
      '--session',
      'a',
      '--session',
      'b',
      '--write',
      'day1.test.yaml',
      '--engine-empty-delta',
      'filtered',
    ]);
    expect(parsed).toMatchObject({
      ok: true,
      options: {
        fromRecording: {
          recording: 'recordings/day1.jsonl',
          sessions: ['a', 'b'],
          write: 'day1.test.yaml',
          update: false,
          engine: { ownUpdates: 'applied', emptyDelta: 'filtered', laterFilter: 'replaces' },
        },
      },
    });
    expect(parseTestOptions(['--update', '--write', 'day1.test.yaml'])).toMatchObject({
      ok: true,
      options: {
        fromRecording: { recording: undefined, sessions: [], update: true, engine: undefined },
      },
    });
  });
});
