import type { SandboxScenario } from '../scenario/sandbox-scenario';
import { validateRequest, type FieldViolations } from '../wire/field-violations';
import { OK_STATUS } from '../wire/status';
import type { JsonMessage } from '../wire/proto-json';
import { scoreTextMatch } from './align-words';
import { identify, uniqueId } from './describe-audio';
import {
  checkAudio,
  checkChannelSelector,
  checkContext,
  findAudio,
  readPersonId,
  type RequestAudio,
} from './read-request';
import { NO_WAV, type HearAudio } from './recognized-transcript';
import { readScriptedResult } from './scripted-result';

/**
 * DetectLiveness: needs the reference audio and at least one random audio, each
 * with its expected text. The decision, score and reason are the reference
 * audio's scripted `liveness_detection` outcome; each random audio's validity
 * and biometric score are its own outcome's; its text validation score is
 * computed as ValidateText's, against the words `hear` hears in it (WAV media
 * in English, a recognizer installed), else against its scripted transcript.
 * RandomAudioDetails has no field for that source, so the OK status's message
 * says it, per random audio.
 */
export async function detectLiveness(
  scenario: SandboxScenario,
  request: JsonMessage,
  hear: HearAudio,
): Promise<JsonMessage> {
  const randoms = (request.random_audio_set as JsonMessage[] | undefined) ?? [];
  validateRequest((violations) => checkLivenessRequest(violations, request, randoms));
  const reference = findAudio(scenario, request);
  const person = readPersonId(request);
  const checked = randoms.map((random, i) => ({
    audio: findAudio(scenario, random, `random_audio_set[${i}].`),
    expected: random.expected_text as string,
  }));
  const scored = await Promise.all(
    checked.map(async ({ audio, expected }) => {
      const { text, source } = await readDetectedText(scenario, audio, hear);
      const scripted = readScriptedResult(scenario, 'liveness_detection', { media: audio.media.id, person });
      const detail = {
        ...identify(audio.media),
        validity: scripted.validity,
        biometric_score: scripted.score,
        text_validation_score: scoreTextMatch(expected, text),
      };
      return { detail, source };
    }),
  );
  const scripted = readScriptedResult(scenario, 'liveness_detection', { media: reference.media.id, person });
  const message = `text_validation_score against ${scored.map((s, i) => `random_audio_set[${i}]: ${s.source}`).join('; ')}`;
  return {
    status: { ...OK_STATUS, status_message: { locale: 'en-US', message } },
    result: {
      risk_engine_result: scripted.risk,
      liveness_detection_score: scripted.score,
      decision: scripted.decision,
      reason: scripted.reason,
      details: scored.map((s) => s.detail),
      gk_reference_processed_audio_id: uniqueId(reference.media.processed_audio_id),
    },
  };
}

/** The fields of DetectLivenessRequest, in their order: random audios come before the reference's channel. */
function checkLivenessRequest(
  violations: FieldViolations,
  request: JsonMessage,
  randoms: JsonMessage[],
): void {
  checkContext(violations, request);
  checkAudio(violations, request);
  if (randoms.length === 0)
    violations.add(
      'random_audio_set',
      'random_audio_set needs at least one random audio with its expected text',
    );
  randoms.forEach((random, i) => {
    const where = `random_audio_set[${i}].`;
    checkAudio(violations, random, 'audio', where);
    violations.requireWords(random, 'expected_text', where);
    checkChannelSelector(violations, random, where);
  });
  checkChannelSelector(violations, request);
}

/**
 * The random audio's words: heard by the recognizer, else (and when it fails) the scripted transcript, else
 * none (scored 0, as ValidateText scores the same media). `source` says which, and why recognition was
 * skipped or failed for a WAV segment.
 */
async function readDetectedText(
  scenario: SandboxScenario,
  audio: RequestAudio,
  hear: HearAudio,
): Promise<{ text: string; source: string }> {
  const heard = hear(audio, audio.media.language || scenario.configuration.language);
  if (typeof heard === 'string')
    return readScripted(audio, heard === NO_WAV ? undefined : `recognition skipped: ${heard}`);
  try {
    const words = await heard;
    const none = words.length === 0 ? ' (none)' : '';
    return { text: words.map((w) => w.text).join(' '), source: `the words pocketsphinx recognized${none}` };
  } catch (error) {
    return readScripted(audio, `recognition failed: ${(error as Error).message}`);
  }
}

function readScripted(audio: RequestAudio, why: string | undefined): { text: string; source: string } {
  const text = audio.media.transcript?.text;
  const because = why === undefined ? '' : ` (${why})`;
  if (text === undefined)
    return { text: '', source: `no transcript, so 0 (ValidateText answers NOT_AVAILABLE)${because}` };
  return { text, source: `the scripted transcript${because}` };
}
