import type { SandboxScenario } from '../scenario';
import { missingField, StatusFailure, OK_STATUS, type JsonMessage } from '../wire';
import { scoreTextMatch } from './align-words';
import { identify, uniqueId } from './describe-audio';
import { checkContext, findAudio, readPersonId } from './read-request';
import { readScriptedResult } from './scripted-result';

/**
 * DetectLiveness: needs the reference audio and at least one random audio, each
 * with its expected text. The decision, score and reason are the reference
 * audio's scripted `liveness_detection` outcome; each random audio's validity
 * and biometric score are its own outcome's; its text validation score is
 * computed as ValidateText's.
 */
export function detectLiveness(scenario: SandboxScenario, request: JsonMessage): JsonMessage {
  checkContext(request);
  const reference = findAudio(scenario, request);
  const randoms = request.random_audio_set as JsonMessage[] | undefined;
  if (randoms === undefined || randoms.length === 0)
    throw missingField('random_audio_set', 'needs at least one random audio with its expected text');
  const person = readPersonId(request);
  const details = randoms.map((random, i) => {
    const where = `random_audio_set[${i}].`;
    const { media } = findAudio(scenario, random, 'audio', where);
    const expected = random.expected_text;
    if (typeof expected !== 'string' || expected.trim() === '')
      throw new StatusFailure(
        'INVALID_REQUEST',
        `${where}expected_text is required`,
        `${where}expected_text`,
      );
    const scripted = readScriptedResult(scenario, 'liveness_detection', { media: media.id, person });
    return {
      ...identify(media),
      validity: scripted.validity,
      biometric_score: scripted.score,
      text_validation_score: scoreTextMatch(expected, media.transcript?.text ?? ''),
    };
  });
  const scripted = readScriptedResult(scenario, 'liveness_detection', { media: reference.media.id, person });
  return {
    status: OK_STATUS,
    result: {
      risk_engine_result: scripted.risk,
      liveness_detection_score: scripted.score,
      decision: scripted.decision,
      reason: scripted.reason,
      details,
      gk_reference_processed_audio_id: uniqueId(reference.media.processed_audio_id),
    },
  };
}
