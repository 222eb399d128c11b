import type { SandboxMedia, SandboxScenario } from '../scenario';
import { StatusFailure, type JsonMessage } from '../wire';
import type { RecognizedWord } from './parse-recognizer-output';
import { checkContext, findAudio } from './read-request';
import { findSpeechRecognizer, recognizeSpeech, type SpeechRecognizer } from './speech-recognizer';

type AudioMethod = (scenario: SandboxScenario, request: JsonMessage) => JsonMessage;

/** What the sandbox says it transcribes with, on its startup line. */
export function describeSpeechRecognition(found = findSpeechRecognizer()): string {
  return typeof found === 'string'
    ? `speech recognition: scripted transcripts only (${found})`
    : `speech recognition: ${found.name} on WAV media, scripted transcripts otherwise`;
}

/**
 * Wraps a method that reads a segment's transcript (Transcribe, Redact,
 * ValidateText) so that, for WAV media in English (the request's, the
 * processed audio's or the configuration's language, when any is given) and a
 * recognizer installed, the transcript is the recognizer's: real recognition
 * wins over the scripted transcript. Otherwise, and when recognition fails,
 * the scripted transcript is used. The answer's `text_details.data_pack` says
 * which (and why recognition was not used, when it failed). Each segment and
 * channel is decoded once.
 */
export function createSpeechHook(
  scenario: SandboxScenario,
  found: SpeechRecognizer | string = findSpeechRecognizer(),
): (method: AudioMethod) => (request: JsonMessage) => JsonMessage | Promise<JsonMessage> {
  const recognizer = typeof found === 'string' ? undefined : found;
  const decoded = new Map<string, Promise<RecognizedWord[]>>();
  const decode = (r: SpeechRecognizer, path: string, channel: number | undefined) => {
    const key = `${channel ?? 1}:${path}`;
    if (!decoded.has(key)) decoded.set(key, recognizeSpeech(r, path, channel));
    return decoded.get(key)!;
  };
  return (method) => (request) => {
    const media = recognizer === undefined ? undefined : findWavMedia(scenario, request);
    if (recognizer === undefined || media === undefined)
      return markSource(method(scenario, request), SCRIPTED);
    return decode(recognizer, media.audio.wavPath!, media.channel).then(
      (words) => markSource(method(withTranscript(scenario, media.audio, words), request), RECOGNIZED),
      (error: Error) =>
        markSource(method(scenario, request), {
          ...SCRIPTED,
          version: `recognition failed: ${error.message}`,
        }),
    );
  };
}

const SCRIPTED = { topic: 'scripted transcript', id: 'scenario' };
const RECOGNIZED = { language: 'en-us', topic: 'pocketsphinx', id: 'pocketsphinx-en-us' };

/** The request's WAV media in English; undefined for anything else, or a bad request (the method answers it). */
function findWavMedia(scenario: SandboxScenario, request: JsonMessage) {
  try {
    checkContext(request);
    const { media, channel } = findAudio(scenario, request);
    const language =
      (request.language as string | undefined) || media.language || scenario.configuration.language;
    if (media.wavPath === undefined || (language && !/^en(?:$|[-_])/i.test(language))) return undefined;
    return { audio: media, channel };
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
