import { open } from 'node:fs/promises';
import path from 'node:path';
import { createDiagnostic } from '../../diagnostics/create-diagnostic';
import { hasErrors, type Diagnostic } from '../../diagnostics/diagnostic';
import { parseYaml } from '../../rules/parse/parse-yaml';
import { describeError } from '../../rules/load/list-files';
import { readSource } from '../../rules/load/read-source';
import { checkFlowTiming } from './check-flow-timing';
import { checkLanguages } from './check-languages';
import { checkMedia } from './check-media';
import { checkPersonTimes, normalizePersonTimes } from './check-person-times';
import { checkRecordingPatterns } from './check-recording-patterns';
import { checkReferences } from './check-references';
import { isCheckableMedia, listEntries } from './read-checkable';
import { readWavHeader } from './read-wav-header';
import { RecordingCatalog } from './recording-catalog';
import type { SandboxMedia, SandboxScenario } from './sandbox-scenario';
import type { MediaSpec, SandboxScenarioSpec } from './scenario-spec';
import { isSandboxStringPosition } from './string-positions';
import { validateSandboxSchema } from './validate-sandbox-schema';

/** A scenario, or every problem found in it (`scenario` is undefined when any is an error). */
export interface LoadedSandboxScenario {
  scenario: SandboxScenario | undefined;
  diagnostics: Diagnostic[];
  /** The file's text, by file name, for printing diagnostics with their source lines. */
  sources: Map<string, string>;
}

/** WAV headers (with LIST or other chunks before `data`) fit well within this. */
const WAV_HEADER_BYTES = 64 * 1024;

/**
 * Reads, parses and checks a sandbox scenario; `file` is as the user wrote it, resolved against `cwd`. The
 * schema and the semantic checks (ids, references, media, WAV files) both run even when the schema fails
 * (the checks skip what is malformed), so one run reports every problem; neither runs on a file with YAML
 * syntax errors, whose data may be a fragment.
 */
export async function loadSandboxScenario(file: string, cwd: string): Promise<LoadedSandboxScenario> {
  const absolute = path.resolve(cwd, file);
  const read = await readSource({ file, absolute });
  if (!read.ok) return { scenario: undefined, diagnostics: [read.diagnostic], sources: new Map() };
  return checkSandboxScenario(file, read.text, absolute);
}

/**
 * Parses and checks the text of a sandbox scenario whose file is at `absolute` (WAV files are read relative to
 * it): what `loadSandboxScenario` does once it has read the file, and what an editor runs on unsaved text.
 */
export async function checkSandboxScenario(
  file: string,
  text: string,
  absolute: string,
): Promise<LoadedSandboxScenario> {
  const sources = new Map([[file, text]]);
  const parsed = parseYaml(file, text, isSandboxStringPosition);
  const diagnostics = [...parsed.diagnostics];
  if (!parsed.wellFormed) return { scenario: undefined, diagnostics, sources };
  diagnostics.push(...validateSandboxSchema(parsed));
  diagnostics.push(...checkReferences(parsed, parsed.value));
  diagnostics.push(...checkRecordingPatterns(parsed, parsed.value));
  diagnostics.push(...checkPersonTimes(parsed, parsed.value));
  diagnostics.push(...checkFlowTiming(parsed, parsed.value));
  diagnostics.push(...checkLanguages(parsed, parsed.value));
  const media: SandboxMedia[] = [];
  for (const { index, item: written } of listEntries(parsed.value, 'media')) {
    if (!isCheckableMedia(written)) continue;
    const wav = await readWavShape(written, path.dirname(absolute), file);
    if (typeof wav === 'string') {
      const code = wav.startsWith('no such file') ? 'FILE_NOT_FOUND' : 'SANDBOX_INVALID_WAV';
      diagnostics.push(createDiagnostic(code, file, wav, { range: parsed.locate(['media', index, 'wav']) }));
      continue;
    }
    const filled = { ...wav, ...written, duration: written.duration ?? wav.duration };
    const problems = checkMedia(parsed, index, filled);
    diagnostics.push(...problems);
    if (problems.length === 0 && filled.duration !== undefined)
      media.push(applyMediaDefaults({ ...filled, duration: filled.duration }, wav.wavPath));
  }
  if (hasErrors(diagnostics)) return { scenario: undefined, diagnostics, sources };
  return { scenario: assemble(file, parsed.value as SandboxScenarioSpec, media), diagnostics, sources };
}

type WavShape = Partial<Pick<SandboxMedia, 'duration' | 'channels' | 'sampling_rate' | 'wavPath'>>;

async function readWavShape(media: MediaSpec, dir: string, file: string): Promise<WavShape | string> {
  if (media.wav === undefined) return {};
  const wavPath = path.resolve(dir, media.wav);
  let bytes: Buffer;
  try {
    const handle = await open(wavPath, 'r');
    try {
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(WAV_HEADER_BYTES), 0, WAV_HEADER_BYTES, 0);
      bytes = buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return `no such file: '${media.wav}' (relative to the directory of ${file})`;
    return `cannot read '${media.wav}': ${describeError(error)}`;
  }
  const header = readWavHeader(bytes);
  if (typeof header === 'string') return `'${media.wav}' is not a readable WAV file: ${header}`;
  if (header.channels > 2) return `'${media.wav}' has ${header.channels} channels; media has 1 or 2`;
  return {
    duration: header.durationSeconds,
    channels: header.channels as 1 | 2,
    sampling_rate: header.samplingRateHz,
    wavPath,
  };
}

function applyMediaDefaults(
  media: MediaSpec & { duration: number },
  wavPath: string | undefined,
): SandboxMedia {
  return {
    ...media,
    processed_audio_id: media.processed_audio_id ?? `processed-${media.id}`,
    net_audio: media.net_audio ?? media.duration,
    initial_silence: media.initial_silence ?? 0,
    channels: media.channels ?? 1,
    sampling_rate: media.sampling_rate ?? 8000,
    ...(wavPath === undefined ? {} : { wavPath }),
  };
}

function assemble(file: string, spec: SandboxScenarioSpec, media: SandboxMedia[]): SandboxScenario {
  return {
    file,
    configuration: spec.configuration ?? {},
    persons: new Map((spec.persons ?? []).map((person) => [person.id, normalizePersonTimes(person)])),
    media: new Map(media.map((m) => [m.id, m])),
    processedAudio: new Map(media.map((m) => [m.processed_audio_id, m])),
    outcomes: spec.outcomes ?? [],
    livenessPrompts: spec.liveness_prompts ?? [],
    recordings: new RecordingCatalog(spec.recordings ?? []),
    ivrSteps: spec.ivr_steps ?? [],
  };
}
