import type { SandboxScenario } from '../scenario/sandbox-scenario';
import { validateRequest } from '../wire/field-violations';
import { OK_STATUS } from '../wire/status';
import type { JsonMessage } from '../wire/proto-json';
import { scoreTextMatch } from './align-words';
import { uniqueId } from './describe-audio';
import { checkAudio, checkChannelSelector, checkContext, findAudio } from './read-request';

/** ValidateText's threshold when the scenario's configuration sets none. */
export const DEFAULT_TEXT_VALIDATION_THRESHOLD = 0.8;

/**
 * ValidateText, computed: the segment's transcript compared with the expected
 * text (scoreTextMatch); POSITIVE (the text was said) at or above the
 * threshold, NEGATIVE below; NOT_AVAILABLE with INVALID_AUDIO when the segment
 * has no transcript (nothing to compare).
 */
export function validateText(scenario: SandboxScenario, request: JsonMessage): JsonMessage {
  validateRequest((violations) => {
    checkContext(violations, request);
    checkAudio(violations, request);
    violations.requireWords(request, 'expected_text');
    checkChannelSelector(violations, request);
  });
  const { media } = findAudio(scenario, request);
  const expected = request.expected_text as string;
  const detected = media.transcript?.text;
  const threshold = scenario.configuration.text_validation_threshold ?? DEFAULT_TEXT_VALIDATION_THRESHOLD;
  const score = detected === undefined ? 0 : scoreTextMatch(expected, detected);
  const decision =
    detected === undefined
      ? 'DECISION_NOT_AVAILABLE'
      : score >= threshold
        ? 'DECISION_POSITIVE'
        : 'DECISION_NEGATIVE';
  return {
    status: OK_STATUS,
    result: {
      result: {
        risk_level: decision === 'DECISION_POSITIVE' ? 'RISK_LEVEL_LOW' : 'RISK_LEVEL_HIGH',
        reliability: 'RELIABILITY_HIGH',
      },
      score,
      decision,
      reason: detected === undefined ? 'DECISION_REASON_INVALID_AUDIO' : 'DECISION_REASON_AUDIO_OK',
      detected_text: detected ?? '',
      gk_processed_audio_id: uniqueId(media.processed_audio_id),
    },
  };
}
