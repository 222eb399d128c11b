import type { EngineModel } from '../../../filter/engine-model';
import { defineFlag, defineRepeatable, defineString } from '../../options/define-options';
import { refuse } from '../../options/parse-command-line';
import {
  ENGINE_FILTER_OPTIONS,
  ENGINE_OWN_UPDATES_OPTION,
  readEngineOptions,
} from '../../option-groups/engine-options';

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

/** The options of `rulehook test` that write tests from a recording instead of running tests. */
export const FROM_RECORDING_OPTIONS = {
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
};

/** The options taken only with `--from-recording` or `--update`. */
export const WRITER_ONLY = [
  'session',
  'write',
  'engine-own-updates',
  'engine-empty-delta',
  'engine-later-filter',
] as const;

/** The options of `rulehook test` that run tests: not taken with `--from-recording` or `--update`. */
const RUNNER_ONLY = ['filter', 'format', 'coverage', 'require-coverage', 'allow-empty', 'watch'] as const;

type WriterValues = {
  'from-recording': string | undefined;
  session: string[];
  write: string | undefined;
  update: boolean;
} & Parameters<typeof readEngineOptions>[0];

/** Whether a command line writes tests from a recording rather than running them. */
export function isWritingTests(values: WriterValues): boolean {
  return values['from-recording'] !== undefined || values.update;
}

/** The writer's options of a command line that `isWritingTests`, or why they cannot be taken. */
export function readFromRecordingOptions(
  values: WriterValues,
  positionals: readonly string[],
  given: ReadonlySet<string>,
): { ok: true; options: FromRecordingOptions } | { ok: false; message: string } {
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
      recording: values['from-recording'],
      sessions: values.session,
      write: values.write,
      update: values.update,
      engine: engineGiven ? readEngineOptions(values) : undefined,
    },
  };
}
