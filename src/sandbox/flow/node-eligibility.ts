import type { CallSession } from './call-session';
import type { FlowNode } from './flow-catalog';
import { hasConsent } from './flow-guards';

/** A node started (by the flow while enabled, or by the webhook) and not completed yet. */
export const isRunning = (session: CallSession, node: FlowNode): boolean => {
  const state = session.nodes[node];
  return (
    (state.progress === 'STARTED' || state.progress === 'IN_PROGRESS') && (state.enabled || state.scheduled)
  );
};

/**
 * Whether the built-in flow starts `node` now: a person identified, the node enabled and not started, and
 * its own condition (net audio, the path the person's enrollment status chose, the previous node's result,
 * consent). Verify is checked against the person store separately, when it would start.
 */
export function isEligible(session: CallSession, node: FlowNode): boolean {
  const { nodes } = session;
  const state = nodes[node];
  if (session.personId === undefined || !state.enabled || state.progress !== 'NOT_STARTED') return false;
  const enoughAudio = session.audioEnded || session.netSeconds >= session.context.timing.minNetAudio[node];
  switch (node) {
    case 'AudioSpoofingDetection':
    case 'FraudsterDetection':
      return enoughAudio;
    case 'Verify':
      return session.trained && enoughAudio;
    case 'ProcessAudioForEnroll':
      return !session.trained;
    case 'Enroll': {
      const validity = nodes.ProcessAudioForEnroll.result?.details.audio_validity as
        { validity?: string } | undefined;
      return validity?.validity === 'VALIDITY_VALID' && hasConsent(session);
    }
    case 'Train':
      return (
        nodes.Enroll.result?.variables['person.enrollStatus'] === 'PARTIALLY_ENROLLED' && hasConsent(session)
      );
  }
}
