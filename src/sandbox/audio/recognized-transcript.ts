import type { SandboxMedia, SandboxScenario } from '../scenario/sandbox-scenario';
import { checkLanguageTag } from '../scenario/check-language-tag';
import { FieldViolations } from '../wire/field-violations';
import { StatusFailure } from '../wire/status';
import type { JsonMessage } from '../wire/proto-json';
import type { RecognizedWord } from './parse-recognizer-output';
import { checkAudio, checkChannelSelector, checkContext, findAudio, type RequestAudio } from './read-request';
import { findSpeechRecognizer, recognizeSpeech, type SpeechRecognizer } from './speech-recognizer';

type AudioMethod = (scenario: SandboxScenario, request: JsonMessage) => JsonMessage;

/** What the sandbox says it transcribes with, on its startup line. */
export function describeSpeechRecognition(found = findSpeechRecognizer()): string {
  return typeof found === 'string'
    ? `speech recognition: scripted transcripts only (${found})`
    : `speech recognition: ${found.name} on WAV media, scripted transcripts otherwise`;
}

/**
 * The words the recognizer hears in a request's audio, for WAV media in English (`language`, when given)
 * with a recognizer installed; otherwise why not (the scripted transcript is then used): `NO_WAV` for
 * media without a WAV file, else the language or the recognizer's absence. Each segment and channel is
 * decoded once per hearing (per sandbox run).
 */
export type HearAudio = (
  audio: RequestAudio,
  language: string | undefined,
) => Promise<RecognizedWord[]> | string;

/** Why nothing was heard in media described only by the scenario: there is no audio to recognize. */
export const NO_WAV = 'no WAV file';

export function createHearing(found: SpeechRecognizer | string = findSpeechRecognizer()): HearAudio {
  const decoded = new Map<string, Promise<RecognizedWord[]>>();
  return ({ media, channel }, language) => {
    if (media.wavPath === undefined) return NO_WAV;
    if (language && !/^en(?:$|[-_])/i.test(language)) return `the language ${language} is not English`;
    if (typeof found === 'string') return found;
    const key = `${channel ?? 1}:${media.wavPath}`;
    let words = decoded.get(key);
    if (words === undefined) decoded.set(key, (words = recognizeSpeech(found, media.wavPath, channel)));
    return words;
  };
}

/** Where a transcript came from, as TextDetails.data_pack says it. */
export const SCRIPTED = { topic: 'scripted transcript', id: 'scenario' };
export const RECOGNIZED = { language: 'en-us', topic: 'pocketsphinx', id: 'pocketsphinx-en-us' };

/**
 * Wraps a method that reads a segment's transcript (Transcribe, Redact,
 * ValidateText) so that, for audio `hear` hears (WAV media in English: the
 * request's, the processed audio's or the configuration's language, when any
 * is given), the transcript is the recognizer's: real recognition wins over
 * the scripted transcript. Otherwise, and when recognition fails, the scripted
 * transcript is used. The answer's `text_details.data_pack` says which, and in
 * its `version` why a WAV segment was not recognized (skipped or failed).
 */
export function createSpeechHook(
  scenario: SandboxScenario,
  hear: HearAudio,
): (method: AudioMethod) => (request: JsonMessage) => JsonMessage | Promise<JsonMessage> {
  return (method) => (request) => {
    const found = findRequestAudio(scenario, request);
    const heard = found === undefined ? undefined : hear(found.audio, found.language);
    if (heard === undefined || heard === NO_WAV) return markSource(method(scenario, request), SCRIPTED);
    if (typeof heard === 'string')
      return markSource(method(scenario, request), { ...SCRIPTED, version: `recognition skipped: ${heard}` });
    return heard.then(
      (words) => markSource(method(withTranscript(scenario, found!.audio.media, words), request), RECOGNIZED),
      (error: Error) =>
        markSource(method(scenario, request), {
          ...SCRIPTED,
          version: `recognition failed: ${error.message}`,
        }),
    );
  };
}

/**
 * The request's audio and language; undefined for a request the method refuses (it answers why), so that
 * nothing is decoded for it.
 */
function findRequestAudio(scenario: SandboxScenario, request: JsonMessage) {
  const violations = new FieldViolations();
  checkContext(violations, request);
  checkAudio(violations, request);
  checkChannelSelector(violations, request);
  const asked = request.language as string | undefined;
  if (!violations.isEmpty || (asked !== undefined && !checkLanguageTag(asked).ok)) return undefined;
  try {
    const audio = findAudio(scenario, request);
    const language =
      (request.language as string | undefined) || audio.media.language || scenario.configuration.language;
    return { audio, language };
  } catch (error) {
    if (error instanceof StatusFailure) return undefined;
    throw error;
  }
}

/** The scenario as the method sees it: the segment's transcript replaced by the recognized words. */
function withTranscript(
  scenario: SandboxScenario,
  media: SandboxMedia,
  words: RecognizedWord[],
): SandboxScenario {
  const heard: SandboxMedia = { ...media, transcript: { text: words.map((w) => w.text).join(' '), words } };
  return {
    ...scenario,
    media: new Map(scenario.media).set(media.id, heard),
    processedAudio: new Map(scenario.processedAudio).set(media.processed_audio_id, heard),
  };
}

function markSource(answer: JsonMessage, dataPack: Record<string, string>): JsonMessage {
  const details = (answer.result as { text_details?: JsonMessage } | undefined)?.text_details;
  if (details !== undefined) details.data_pack = dataPack;
  return answer;
}
