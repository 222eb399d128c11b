import { checkLanguageTag } from '../scenario/check-language-tag';
import type { SandboxMedia, SandboxScenario } from '../scenario/sandbox-scenario';
import { validateRequest } from '../wire/field-violations';
import { OK_STATUS, StatusFailure } from '../wire/status';
import type { JsonMessage } from '../wire/proto-json';
import { describeAudio, toDuration, toMillis, uniqueId } from './describe-audio';
import { checkAudio, checkChannelSelector, checkContext, findAudio, type RequestAudio } from './read-request';

/** One word of a transcription, before redaction. */
export interface TranscribedWord {
  text: string;
  details: JsonMessage;
}

/** A transcription: the request's audio, its language, the text and its words. */
export interface Transcription {
  audio: RequestAudio;
  language: string;
  text: string;
  words: TranscribedWord[];
}

/**
 * The language of a Transcribe or Redact request: the request's; else, for
 * processed audio, its actual language (the segment's `language`); else the
 * configuration's. None of them: INVALID_REQUEST, as the contract says. The
 * request's was checked with the request; the other two when the scenario
 * loaded (checkLanguageTag).
 */
function chooseLanguage(scenario: SandboxScenario, request: JsonMessage, media: SandboxMedia): string {
  const processed = request.gk_processed_audio_id !== undefined;
  const language =
    (request.language as string | undefined) ||
    (processed ? media.language : undefined) ||
    scenario.configuration.language;
  if (language) return language;
  throw new StatusFailure(
    'INVALID_REQUEST',
    'language is required: the request has none, ' +
      (processed ? 'the processed audio has no actual language, ' : '') +
      'and the configuration sets none',
    'language',
  );
}

/** Word details from the transcript's timed words; without timings, its words with their text only. */
function listWords(media: SandboxMedia): TranscribedWord[] {
  const timed = media.transcript?.words;
  if (timed === undefined) {
    const words = (media.transcript?.text ?? '').split(/\s+/).filter((w) => w !== '');
    return words.map((text) => ({ text, details: { text } }));
  }
  return timed.map((word, i) => {
    const next = timed[i + 1];
    const silenceAfter = (next?.start ?? media.duration) - word.end;
    return {
      text: word.text,
      details: {
        text: word.text,
        confidence: word.confidence ?? 1,
        start_ms: toMillis(word.start),
        end_ms: toMillis(word.end),
        silence_after_word: toDuration(Math.max(0, silenceAfter)),
      },
    };
  });
}

/** What Transcribe and Redact share: the checks and the scripted transcript. */
export function readTranscription(scenario: SandboxScenario, request: JsonMessage): Transcription {
  validateRequest((violations) => {
    checkContext(violations, request);
    checkAudio(violations, request);
    const language = request.language as string | undefined;
    const checked = language === undefined ? undefined : checkLanguageTag(language);
    if (checked?.ok === false) violations.add('language', `language ${checked.problem}`);
    checkChannelSelector(violations, request);
  });
  const audio = findAudio(scenario, request);
  const language = chooseLanguage(scenario, request, audio.media);
  return { audio, language, text: audio.media.transcript?.text ?? '', words: listWords(audio.media) };
}

/** The TranscribeResponse of a transcription whose words carry their redaction status. */
export function answerTranscription(
  transcription: Transcription,
  text: string,
  words: JsonMessage[],
  redactionStatus: string,
): JsonMessage {
  const { media } = transcription.audio;
  const textId = uniqueId(`text-${media.id}`);
  return {
    status: OK_STATUS,
    result: {
      language: transcription.language,
      text,
      transcribed: true,
      gk_processed_audio_id: uniqueId(media.processed_audio_id),
      gk_text_id: textId,
      transcribe_audio_details: {
        ...describeAudio(transcription.audio),
        abs_start_ms: 0,
        abs_end_ms: toMillis(media.duration),
        initial_silence: toDuration(media.initial_silence),
        processed_audio_number_of_channels: 1,
        processed_audio_sampling_rate_hz: media.sampling_rate,
      },
      text_details: {
        gk_text_id: textId,
        formatted_text: text,
        minimally_formatted_text: text,
        word_details: words,
        redaction_status: redactionStatus,
      },
    },
  };
}

/** Transcribe: the segment's scripted transcript, its word details and the audio details. */
export function transcribe(scenario: SandboxScenario, request: JsonMessage): JsonMessage {
  const transcription = readTranscription(scenario, request);
  const words = transcription.words.map((w) => ({
    ...w.details,
    redaction_status: 'REDACTION_STATUS_PLAIN',
  }));
  return answerTranscription(transcription, transcription.text, words, 'REDACTION_STATUS_PLAIN');
}
