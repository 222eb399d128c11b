import type { EngineModel } from '../../../filter/engine-model';
import {
  defineChoice,
  defineFlag,
  defineRepeatable,
  defineString,
  listChoices,
} from '../../options/define-options';
import { formatUsage } from '../../options/format-help';
import { HELP_OPTION, parseCommandLine, refuse, type ParseResult } from '../../options/parse-command-line';
import {
  ENGINE_FILTER_OPTIONS,
  ENGINE_OWN_UPDATES_OPTION,
  readEngineOptions,
} from '../../option-groups/engine-options';

const FORMATS = ['human', 'json', 'junit'] as const;
const DEFAULT_FORMAT = 'human';
export type TestReportFormat = (typeof FORMATS)[number];

export interface TestOptions {
  paths: string[];
  filter: string | undefined;
  format: TestReportFormat;
  coverage: boolean;
  requireCoverage: boolean;
  allowEmpty: boolean;
  watch: boolean;
  /** `--from-recording` or `--update`: write a scenario file instead of running tests. */
  fromRecording?: FromRecordingOptions;
}

/** `rulehook test --from-recording FILE [--session ID ...] --write OUT.test.yaml [--update]`. */
export interface FromRecordingOptions {
  /** Undefined with `--update` alone: the recording the written file names. */
  recording: string | undefined;
  /** Empty: every call (or, with `--update`, the calls the file has). */
  sessions: string[];
  write: string;
  update: boolean;
  /** Undefined when no `--engine-*` option is given (with `--update`: the file's `engine:`). */
  engine: EngineModel | undefined;
}

/** The options that only make sense when writing tests from a recording. */
const WRITER_ONLY = [
  'session',
  'write',
  'engine-own-updates',
  'engine-empty-delta',
  'engine-later-filter',
] as const;

/** The options that only make sense when running tests. */
const RUNNER_ONLY = ['filter', 'format', 'coverage', 'require-coverage', 'allow-empty', 'watch'] as const;

const TEST_OPTIONS = {
  filter: defineString({
    value: 'TEXT',
    help: 'run only the tests whose name (or file path) contains TEXT (any case)',
  }),
  format: defineChoice({
    value: 'FORMAT',
    choices: FORMATS,
    default: DEFAULT_FORMAT,
    helpDefault: false,
    help: listChoices(FORMATS, DEFAULT_FORMAT),
  }),
  coverage: defineFlag({
    help: 'show how many events fired each rule, and the condition outcomes never seen',
  }),
  'require-coverage': defineFlag({ help: 'fail when an enabled rule never fired (implies --coverage)' }),
  'allow-empty': defineFlag({
    help: 'no scenario file, a file without tests, or a --filter matching nothing is not an error',
  }),
  watch: defineFlag({ help: 'run again whenever a rule or scenario file changes (stop with Ctrl-C)' }),
  'from-recording': defineString({
    value: 'FILE',
    help: "write a test per recorded call of FILE, expecting today's answers (needs --write)",
  }),
  session: defineRepeatable({ value: 'ID', help: 'with --from-recording: only this call (repeatable)' }),
  write: defineString({
    value: 'OUT',
    help: 'the scenario file to write (never overwritten without --update)',
  }),
  update: defineFlag({
    help: 'rewrite the expectations of the --write file from its recording; show the diff',
  }),
  ...ENGINE_OWN_UPDATES_OPTION,
  ...ENGINE_FILTER_OPTIONS,
  help: HELP_OPTION,
};

export const TEST_USAGE = formatUsage(
  `Usage: rulehook test [PATH...] [options]
       rulehook test --from-recording FILE [--session ID ...] --write OUT.test.yaml [--update]

Run the rule tests: the scenario files (*.test.yaml) under the given files and directories
(default: rules/ and examples/). Each test simulates a call, event by event, through the rules it names.
Exit code: 0 when every test passes, 1 when a test fails or a rule or scenario file is invalid (or, with
--require-coverage, an enabled rule never fired), 2 on wrong usage.
--from-recording writes a test per recorded call, through the rules of the current directory, expecting
today's answers; --update refreshes them after an intended change (exit 0, 1 on a problem).
`,
  TEST_OPTIONS,
  { column: 29 },
);

export function parseTestOptions(args: readonly string[]): ParseResult<TestOptions> {
  const parsed = parseCommandLine(args, TEST_OPTIONS, { positionals: true });
  if (!parsed.ok) return parsed;
  const { values, positionals, given } = parsed.options;
  const requireCoverage = values['require-coverage'];
  const writing = values['from-recording'] !== undefined || values.update;
  if (writing) return readFromRecordingOptions(parsed.options);
  const misplaced = WRITER_ONLY.find((name) => given.has(name));
  if (misplaced !== undefined) return refuse(`--${misplaced} needs --from-recording (or --update)`);
  return {
    ok: true,
    options: {
      paths: positionals,
      filter: values.filter,
      format: values.format,
      coverage: values.coverage || requireCoverage,
      requireCoverage,
      allowEmpty: values['allow-empty'],
      watch: values.watch,
    },
  };
}

type TestCommandLine = Extract<
  ReturnType<typeof parseCommandLine<typeof TEST_OPTIONS>>,
  { ok: true }
>['options'];

function readFromRecordingOptions({ values, positionals, given }: TestCommandLine): ParseResult<TestOptions> {
  const mode = values['from-recording'] !== undefined ? '--from-recording' : '--update';
  if (positionals.length > 0)
    return refuse(`${mode} writes a scenario file: give no PATH (${positionals.join(' ')})`);
  const misplaced = RUNNER_ONLY.find((name) => given.has(name));
  if (misplaced !== undefined) return refuse(`--${misplaced} runs tests: not with ${mode}`);
  if (values.write === undefined) return refuse(`${mode} needs --write OUT.test.yaml, the file to write`);
  if (values['from-recording'] === '-')
    return refuse('--from-recording needs a file (it is read again by --update): not stdin (-)');
  const engineGiven = WRITER_ONLY.some((name) => name.startsWith('engine-') && given.has(name));
  return {
    ok: true,
    options: {
      paths: [],
      filter: undefined,
      format: 'human',
      coverage: false,
      requireCoverage: false,
      allowEmpty: false,
      watch: false,
      fromRecording: {
        recording: values['from-recording'],
        sessions: values.session,
        write: values.write,
        update: values.update,
        engine: engineGiven ? readEngineOptions(values) : undefined,
      },
    },
  };
}
