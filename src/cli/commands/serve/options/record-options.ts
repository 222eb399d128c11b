import path from 'node:path';
import { compileGlob } from '../../../../glob/compile-glob';
import type { CliIO } from '../../../../terminal/command-io';
import { defineRepeatable, defineString, type OptionValues } from '../../../options/define-options';
import { parsePositiveInt } from '../../../options/parse-values';

export interface RecordSettings {
  /** Absolute path of the recording. */
  file: string;
  /** Globs of variable names whose values are replaced by a keyed hash. */
  redact: string[];
  /** The hash key; undefined: a random key for this process. */
  redactKey: string | undefined;
  /** Rotate the recording beyond this size; undefined: never. */
  maxBytes: number | undefined;
}

/** Where `--redact-key` is read from when the flag is not given (the environment does not show in `ps`). */
export const REDACT_KEY_ENV = 'RULEHOOK_REDACT_KEY';

/** The options of `rulehook serve` that record the events received. */
export const RECORD_OPTIONS = {
  record: defineString({
    value: 'FILE',
    help: 'append every event received to FILE, a recording for rulehook replay',
  }),
  redact: defineRepeatable({
    value: 'GLOB',
    help: [
      'with --record: replace the values of matching variables (names in any case)',
      "by a keyed hash (repeatable: --redact call.ani --redact 'person.*')",
    ],
  }),
  'redact-key': defineString({
    value: 'KEY',
    helpDefault: `$${REDACT_KEY_ENV}, else random for this process`,
    help: 'key of that hash',
  }),
  'record-max-bytes': defineString({
    value: 'N',
    parse: parsePositiveInt,
    helpDefault: 'never',
    help: 'rotate the recording beyond N bytes: FILE.1, FILE.2, ...',
  }),
};

/**
 * The recording asked for (undefined: none), or why the recording flags do not go together.
 * `keyFromEnvironment`: `redact-key` holds `$RULEHOOK_REDACT_KEY`, a default used when recording with
 * `--redact`, never a request of its own (so it may stay set for processes that do not record).
 */
export function checkRecordSettings(
  values: OptionValues<typeof RECORD_OPTIONS>,
  io: CliIO,
  keyFromEnvironment = false,
): { ok: true; record: RecordSettings | undefined } | { ok: false; message: string } {
  const { record: file, redact, 'record-max-bytes': maxBytes } = values;
  const flagKey = keyFromEnvironment ? undefined : values['redact-key'];
  if (file === undefined) {
    const without = [
      redact.length > 0 && '--redact',
      flagKey !== undefined && '--redact-key',
      maxBytes !== undefined && '--record-max-bytes',
    ].find((flag) => flag !== false);
    return without === undefined
      ? { ok: true, record: undefined }
      : { ok: false, message: `${without} needs --record FILE` };
  }
  if (flagKey !== undefined && redact.length === 0)
    return { ok: false, message: '--redact-key needs --redact GLOB' };
  for (const glob of redact) {
    const compiled = compileGlob(glob);
    if (!compiled.ok) return { ok: false, message: `--redact '${glob}': ${compiled.message}` };
  }
  const envKey = keyFromEnvironment ? values['redact-key'] : io.env[REDACT_KEY_ENV];
  const redactKey = flagKey ?? (envKey === undefined || envKey === '' ? undefined : envKey);
  if (redactKey === '') return { ok: false, message: '--redact-key must not be empty' };
  return { ok: true, record: { file: path.resolve(io.cwd, file), redact, redactKey, maxBytes } };
}
