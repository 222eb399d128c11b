import type { FlowNode } from './flow-catalog';
import type { DecidedSession, NodeState } from './session-timeline';

/** The catalog's `session.decision` for a Decision. */
export const SESSION_DECISION_WORDS: Readonly<Record<string, string>> = {
  POSITIVE: 'AUTHENTICATED',
  NEGATIVE: 'NOT_AUTHENTICATED',
};

/**
 * The session decision from the nodes' results: a spoofing or fraudster indication is NEGATIVE (with the
 * detection's reason), else the verification's decision and reason; a call that verified nothing is
 * NOT_AVAILABLE: AUDIO_OK when it trained a voiceprint, the enrollment audio's problem when there was one.
 */
export function decideSession(nodes: Readonly<Record<FlowNode, NodeState>>): DecidedSession {
  const spoof = nodes.AudioSpoofingDetection.result;
  if (spoof?.decision === 'POSITIVE') return { decision: 'NEGATIVE', reason: spoof.reason };
  const fraud = nodes.FraudsterDetection.result;
  if (fraud?.decision === 'POSITIVE') return { decision: 'NEGATIVE', reason: 'FRAUDSTER_INDICATION' };
  const verify = nodes.Verify.result;
  if (verify?.decision !== undefined) return { decision: verify.decision, reason: verify.reason };
  if (nodes.Train.result?.variables['person.enrollStatus'] === 'TRAINED')
    return { decision: 'NOT_AVAILABLE', reason: 'AUDIO_OK' };
  const validity = nodes.ProcessAudioForEnroll.result?.details.audio_validity as
    { validity?: string; reasons?: string[] } | undefined;
  if (validity?.validity === 'VALIDITY_INVALID')
    return {
      decision: 'NOT_AVAILABLE',
      reason: validity.reasons?.includes('INVALID_AUDIO_REASON_NOT_ENOUGH_AUDIO')
        ? 'NOT_ENOUGH_AUDIO'
        : 'INVALID_AUDIO',
    };
  return { decision: 'NOT_AVAILABLE', reason: undefined };
}
