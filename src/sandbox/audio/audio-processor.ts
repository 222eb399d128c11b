import type { SandboxScenario } from '../scenario';
import { answerWithStatus, type JsonMessage, type ServiceMethods } from '../wire';
import { detectAudioSpoofing } from './detect-audio-spoofing';
import { detectLiveness } from './detect-liveness';
import { createLivenessPrompter } from './get-liveness-prompt';
import { redact } from './redact';
import { transcribe } from './transcribe';
import { validateText } from './validate-text';

/** `vendor.biosec.v1.AudioProcessor` on a scenario. */
export function createAudioProcessor(scenario: SandboxScenario): ServiceMethods {
  const on =
    (method: (s: SandboxScenario, request: JsonMessage) => JsonMessage) =>
    (request: JsonMessage): JsonMessage =>
      method(scenario, request);
  return {
    DetectAudioSpoofing: answerWithStatus(on(detectAudioSpoofing)),
    ValidateText: answerWithStatus(on(validateText)),
    DetectLiveness: answerWithStatus(on(detectLiveness)),
    GetLivenessPrompt: answerWithStatus(createLivenessPrompter(scenario)),
    Transcribe: answerWithStatus(on(transcribe)),
    Redact: answerWithStatus(on(redact)),
  };
}
