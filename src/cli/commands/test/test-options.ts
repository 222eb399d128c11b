import { defineChoice, defineFlag, defineString, listChoices } from '../../options/define-options';
import { formatUsage } from '../../options/format-help';
import { HELP_OPTION, parseCommandLine, refuse, type ParseResult } from '../../options/parse-command-line';
import {
  FROM_RECORDING_OPTIONS,
  isWritingTests,
  readFromRecordingOptions,
  WRITER_ONLY,
  type FromRecordingOptions,
} from './from-recording-options';

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
  ...FROM_RECORDING_OPTIONS,
  help: HELP_OPTION,
};

export const TEST_USAGE = formatUsage(
  `Usage: rulehook test [PATH...] [options]
       rulehook test --from-recording FILE [--session ID ...] --write OUT.test.yaml [--update]

Run the rule tests: the scenario files (*.test.yaml) under the given files and directories (default: the
rule pack in the current directory, else the project's rules/ and examples/, as rulehook validate finds them).
Each test simulates a call, event by event, through the rules it names.
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
  if (isWritingTests(values)) {
    const read = readFromRecordingOptions(values, positionals, given);
    return read.ok ? { ok: true, options: { ...NOT_RUNNING, fromRecording: read.options } } : read;
  }
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

/** The runner's options when the command writes tests instead. */
const NOT_RUNNING: Omit<TestOptions, 'fromRecording'> = {
  paths: [],
  filter: undefined,
  format: DEFAULT_FORMAT,
  coverage: false,
  requireCoverage: false,
  allowEmpty: false,
  watch: false,
};
