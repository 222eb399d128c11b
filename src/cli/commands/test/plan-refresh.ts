import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { ENGINE_SETTINGS, readEngineSetting, type EngineModel } from '../../../filter/engine-model';
import { readRecordingLine } from '../../../testing/from-recording/format-recorded-scenario';
import type { FromRecordingOptions } from './from-recording-options';

/** What to write: from which recording (relative to the working directory), which calls, which engine. */
export interface WritePlan {
  recording: string;
  sessions: string[];
  engine: EngineModel;
  /** With `--update` of an existing file: its text and data, to tell and show what changed. */
  before: { text: string; data: unknown } | undefined;
}

export type PlannedWrite = ({ ok: true } & WritePlan) | { ok: false; message: string };

/**
 * Without `--update`, the command line says it all, and an existing file is left alone. With `--update`,
 * the file must have been written from a recording (its header names it), and what the command line
 * leaves out comes from the file: that recording, the calls it tests (`session` of each test), its
 * `engine:` section. A file that does not exist yet is written anew when `--from-recording` names the
 * recording.
 */
export async function planRefresh(
  options: FromRecordingOptions,
  out: string,
  cwd: string,
): Promise<PlannedWrite> {
  const exists = existsSync(out);
  const base = { sessions: options.sessions, engine: options.engine ?? {} };
  if (exists && !options.update)
    return {
      ok: false,
      message: `${options.write} exists and is not overwritten: --update rewrites its expectations and shows what changed`,
    };
  if (!exists) {
    if (options.recording === undefined)
      return {
        ok: false,
        message: `nothing to update: ${options.write} does not exist (write it with --from-recording FILE)`,
      };
    return { ok: true, ...base, recording: options.recording, before: undefined };
  }
  const text = await readFile(out, 'utf8');
  let data: unknown;
  try {
    data = parse(text);
  } catch (error) {
    return { ok: false, message: `${options.write} is not valid YAML (${(error as Error).message})` };
  }
  // A file without the line was not written from a recording: --update does not replace tests written by hand.
  const named = readRecordingLine(text);
  if (named === undefined)
    return {
      ok: false,
      message: `${options.write} was not written from a recording (no '# recording:' line at its top): --update rewrites only such files`,
    };
  const recording = options.recording ?? path.relative(cwd, path.resolve(path.dirname(out), named));
  const sessions = options.sessions.length > 0 ? options.sessions : readSessions(data);
  const engine = options.engine ?? readEngine(data);
  if (typeof engine === 'string') return { ok: false, message: `${options.write}: ${engine}` };
  return { ok: true, ...base, recording, sessions, engine, before: { text, data } };
}

/**
 * `rulehook test --from-recording FILE --session ID --write OUT`, the command that writes this file:
 * `--session` unless every call is tested, the engine settings that are not the default.
 */
export function describeWrittenFrom(plan: WritePlan, allSessions: readonly string[], write: string): string {
  const every = plan.sessions.length === 0 || plan.sessions.join('\n') === allSessions.join('\n');
  const sessions = every ? [] : plan.sessions.flatMap((s) => ['--session', s]);
  const engine = Object.entries(ENGINE_SETTINGS).flatMap(([name, { field, values }]) => {
    const value = (plan.engine as Record<string, string | undefined>)[field];
    return value === undefined || value === values[0] ? [] : [`--engine-${name.replace('_', '-')}`, value];
  });
  return ['rulehook test --from-recording', plan.recording, ...sessions, ...engine, '--write', write].join(
    ' ',
  );
}

function readSessions(data: unknown): string[] {
  const tests = (data as { tests?: unknown } | null)?.tests;
  if (!Array.isArray(tests)) return [];
  return tests.flatMap((t: { session?: unknown; name?: unknown } | null) => {
    const id = t?.session ?? t?.name;
    return typeof id === 'string' ? [id] : [];
  });
}

/** The model of a file's `engine:` section; a message when a setting is unknown. */
function readEngine(data: unknown): EngineModel | string {
  const section = (data as { engine?: unknown } | null)?.engine;
  let model: EngineModel = {};
  if (typeof section !== 'object' || section === null) return model;
  for (const [name, value] of Object.entries(section)) {
    const read = readEngineSetting(model, name, String(value));
    if (!read.ok) return read.message;
    model = read.model;
  }
  return model;
}
