import type { SandboxScenario } from '../scenario/sandbox-scenario';
import { answerWithStatus, type ServiceMethods } from '../wire/service-methods';
import type { JsonMessage } from '../wire/proto-json';
import { detectAudioSpoofing } from './detect-audio-spoofing';
import { detectLiveness } from './detect-liveness';
import { createLivenessPrompter } from './get-liveness-prompt';
import { createHearing, createSpeechHook } from './recognized-transcript';
import { redact } from './redact';
import type { SpeechRecognizer } from './speech-recognizer';
import { transcribe } from './transcribe';
import { validateText } from './validate-text';

/**
 * `vendor.biosec.v1.AudioProcessor` on a scenario; the methods that read a transcript (DetectLiveness's
 * random audios too) recognize WAV media's speech when a recognizer is found. With `configuration.transcribe_redacts`, Transcribe answers as
 * Redact does: the contract's Transcribe redacts card numbers and returns their locations when the
 * configuration asks for it, and its answer is Redact's message (TranscribeResponse).
 */
export function createAudioProcessor(
  scenario: SandboxScenario,
  recognizer?: SpeechRecognizer | string,
): ServiceMethods {
  const hear = createHearing(recognizer);
  const heard = createSpeechHook(scenario, hear);
  const on =
    (method: (s: SandboxScenario, request: JsonMessage) => JsonMessage) =>
    (request: JsonMessage): JsonMessage =>
      method(scenario, request);
  return {
    DetectAudioSpoofing: answerWithStatus(on(detectAudioSpoofing)),
    ValidateText: answerWithStatus(heard(validateText)),
    DetectLiveness: answerWithStatus((request) => detectLiveness(scenario, request, hear)),
    GetLivenessPrompt: answerWithStatus(createLivenessPrompter(scenario)),
    Transcribe: answerWithStatus(
      heard(scenario.configuration.transcribe_redacts === true ? redact : transcribe),
    ),
    Redact: answerWithStatus(heard(redact)),
  };
}
