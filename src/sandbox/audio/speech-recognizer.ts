import { execFile } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { parseRecognizerOutput, type RecognizedWord } from './parse-recognizer-output';
import { toRecognizerWav } from './to-recognizer-wav';

/** Debian's `pocketsphinx` (0.8) decoder and the model of `pocketsphinx-en-us`. */
export interface SpeechRecognizer {
  program: string;
  modelDir: string;
  /** What the sandbox reports: `pocketsphinx (en-us)`. */
  name: string;
}

const PROGRAM = 'pocketsphinx_continuous';
const MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';
/** A decode runs at several times real time; a minute bounds any test recording. */
const TIMEOUT_MS = 60_000;
/** About 40 bytes per word line: room for hours of speech, a bound on a runaway process. */
const MAX_OUTPUT_BYTES = 4 * 1024 * 1024;

/**
 * The recognizer when its program is on PATH and its model installed; else why
 * not (also when RULEHOOK_NO_ASR=1 turns recognition off).
 */
export function findSpeechRecognizer(env: NodeJS.ProcessEnv = process.env): SpeechRecognizer | string {
  if (env.RULEHOOK_NO_ASR === '1') return 'RULEHOOK_NO_ASR=1 turns speech recognition off';
  const program = (env.PATH ?? '')
    .split(delimiter)
    .filter((dir) => dir !== '')
    .map((dir) => join(dir, PROGRAM))
    .find(isExecutable);
  if (program === undefined) return `${PROGRAM} is not on PATH (install Debian's pocketsphinx)`;
  if (!existsSync(join(MODEL_DIR, 'en-us', 'mdef')))
    return `the en-us model is not in ${MODEL_DIR} (install Debian's pocketsphinx-en-us)`;
  return { program, modelDir: MODEL_DIR, name: 'pocketsphinx (en-us)' };
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The words spoken in a WAV file's channel (1 or 2; undefined: the first),
 * converted to 16 kHz 16-bit mono in a temporary file the decoder reads.
 * Rejects with an Error naming the file when it cannot be read or converted,
 * or when the decoder fails, times out or prints too much.
 */
export async function recognizeSpeech(
  recognizer: SpeechRecognizer,
  wavPath: string,
  channel: number | undefined,
): Promise<RecognizedWord[]> {
  const dir = await mkdtemp(join(tmpdir(), 'rulehook-asr-'));
  try {
    const input = join(dir, 'input.wav');
    try {
      await writeFile(input, toRecognizerWav(await readFile(wavPath), channel));
    } catch (error) {
      throw new Error(`cannot prepare ${wavPath} for recognition: ${(error as Error).message}`);
    }
    const stdout = await runDecoder(recognizer, input, wavPath);
    return parseRecognizerOutput(stdout);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function runDecoder(recognizer: SpeechRecognizer, input: string, wavPath: string): Promise<string> {
  const { modelDir } = recognizer;
  const args = [
    ['-infile', input],
    ['-time', 'yes'],
    ['-hmm', join(modelDir, 'en-us')],
    ['-lm', join(modelDir, 'en-us.lm.bin')],
    ['-dict', join(modelDir, 'cmudict-en-us.dict')],
  ].flat();
  const options = { timeout: TIMEOUT_MS, maxBuffer: MAX_OUTPUT_BYTES, encoding: 'utf8' as const };
  return new Promise((resolve, reject) => {
    execFile(recognizer.program, args, options, (error, stdout, stderr) => {
      if (error === null) return resolve(stdout);
      const reported = stderr.split('\n').filter((line) => /^(ERROR|FATAL)/.test(line));
      const why = error.killed
        ? `timed out after ${TIMEOUT_MS / 1000} s`
        : (reported.at(-1) ?? error.message.split('\n')[0]);
      reject(new Error(`${recognizer.program} failed on ${wavPath}: ${why}`));
    });
  });
}
