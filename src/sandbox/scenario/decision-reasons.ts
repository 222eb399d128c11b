/**
 * The DecisionReason names a scenario may write, without the `DECISION_REASON_`
 * prefix. The two enums of the contract differ (see docs/contract.md, "The two
 * DecisionReason enums"): audio operations use the audio processing enum, the
 * IVR bot's flow operations the IVR bot's.
 */
export const AUDIO_DECISION_REASONS = [
  'AUDIO_OK',
  'NOT_ENOUGH_SEGMENTS',
  'INVALID_AUDIO',
  'AUDIO_TOO_SHORT',
  'AUDIO_TOO_SOFT',
  'AUDIO_TOO_LOUD',
  'AUDIO_TOO_NOISY',
  'SYNTHETIC_SPEECH_DETECTED',
  'PLAYBACK_INDICATION',
  'LOW_RELIABILITY',
  'INTERNAL_ERROR',
] as const;

export const IVR_DECISION_REASONS = [
  'INTERNAL_ERROR',
  'AUDIO_OK',
  'NOT_ENOUGH_AUDIO',
  'INVALID_AUDIO',
  'AUDIO_TOO_SHORT',
  'AUDIO_TOO_SOFT',
  'AUDIO_TOO_LOUD',
  'AUDIO_TOO_NOISY',
  'MULTI_SPEAKERS_DETECTED',
  'SYNTHETIC_SPEECH_DETECTED',
  'PLAYBACK_INDICATION',
  'TONE_DETECTED',
  'WRONG_PASSPHRASE',
  'FRAUDSTER_INDICATION',
  'VOICEPRINT_MATCH',
  'VOICEPRINT_MISMATCH',
  'VOICEPRINT_UNCERTAIN',
  'UNRELIABLE_DECISION_THRESHOLDS',
  'TEXT_OK',
  'INVALID_TEXT',
  'CONVOPRINT_MATCH',
  'CONVOPRINT_NO_MATCH',
  'CONVOPRINT_UNCERTAIN',
  'NO_RISK_DETECTED',
  'NO_SCORES',
] as const;

const AUDIO_OPERATIONS: ReadonlySet<string> = new Set([
  'synthetic_speech_detection',
  'channel_playback_detection',
  'footprint_playback_detection',
  'liveness_detection',
]);

/** The reasons an outcome of `operation` may give. */
export function listReasonsOf(operation: string): readonly string[] {
  return AUDIO_OPERATIONS.has(operation) ? AUDIO_DECISION_REASONS : IVR_DECISION_REASONS;
}
