import type { OutcomeOperation } from '../scenario/scenario-spec';
import type { SandboxScenario } from '../scenario/sandbox-scenario';
import { validateRequest } from '../wire/field-violations';
import { OK_STATUS } from '../wire/status';
import type { JsonMessage } from '../wire/proto-json';
import { describeAudio, identify } from './describe-audio';
import { checkAudio, checkChannelSelector, checkContext, findAudio, readPersonId } from './read-request';
import { readScriptedResult } from './scripted-result';

/** The detectors: their parameter field (camelCase, as the contract names them), outcome and result field. */
const DETECTORS: readonly { parameters: string; operation: OutcomeOperation; result: string }[] = [
  {
    parameters: 'syntheticSpeechDetectionParameters',
    operation: 'synthetic_speech_detection',
    result: 'synthetic_speech_detection_result',
  },
  {
    parameters: 'channelPlaybackDetectionParameters',
    operation: 'channel_playback_detection',
    result: 'channel_playback_detection_result',
  },
  {
    parameters: 'footprintPlaybackDetectionParameters',
    operation: 'footprint_playback_detection',
    result: 'footprint_playback_detection_result',
  },
];

/** The channel playback algorithm version the sandbox reports. */
const PLAYBACK_VERSION = 1;

/**
 * DetectAudioSpoofing: runs only the detectors whose parameter field is present;
 * each result is scripted. The response's validity is invalid when the outcome of
 * any detector that ran is, with their reasons.
 */
export function detectAudioSpoofing(scenario: SandboxScenario, request: JsonMessage): JsonMessage {
  validateRequest((violations) => {
    checkContext(violations, request);
    checkAudio(violations, request, 'input');
    const footprint = request.footprintPlaybackDetectionParameters as JsonMessage | undefined;
    const profile = 'footprintPlaybackDetectionParameters.gk_voiceprint_profile_id';
    if (footprint !== undefined && !(footprint.gk_voiceprint_profile_id as JsonMessage | undefined)?.value)
      violations.add(profile, `${profile} is required`);
    checkChannelSelector(violations, request);
  });
  const audio = findAudio(scenario, request);
  const about = { media: audio.media.id, person: readPersonId(request) };
  const response: JsonMessage = { status: OK_STATUS, audio_details: describeAudio(audio) };
  const invalidReasons: unknown[] = [];
  let invalid = false;
  for (const detector of DETECTORS) {
    if (request[detector.parameters] === undefined) continue;
    const scripted = readScriptedResult(scenario, detector.operation, about);
    if (scripted.validity.validity === 'VALIDITY_INVALID') {
      invalid = true;
      invalidReasons.push(...((scripted.validity.reasons as unknown[] | undefined) ?? []));
    }
    response[detector.result] = {
      ...identify(audio.media),
      decision: scripted.decision,
      reason: scripted.reason,
      result: scripted.risk,
      score: scripted.score,
      ...(detector.operation === 'channel_playback_detection' ? { playback_version: PLAYBACK_VERSION } : {}),
    };
  }
  response.validity = invalid
    ? { validity: 'VALIDITY_INVALID', reasons: [...new Set(invalidReasons)] }
    : { validity: 'VALIDITY_VALID' };
  return response;
}
