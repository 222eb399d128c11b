import type { FlowNode } from '../scenario/scenario-spec';
/**
 * The names the built-in flow raises: the vocabulary of the example rule packs' catalog.yaml (a test
 * compares them), so a pack written for that catalog runs against the sandbox as it is.
 */
export const FLOW_EVENTS = {
  callStarted: 'CALL_STARTED',
  personIdentified: 'PERSON_IDENTIFIED',
  optInReceived: 'OPT_IN_RECEIVED',
  audioProgress: 'AUDIO_PROGRESS',
  verifyCompleted: 'VERIFY_COMPLETED',
  spoofCheckCompleted: 'SPOOF_CHECK_COMPLETED',
  fraudCheckCompleted: 'FRAUD_CHECK_COMPLETED',
  enrollCompleted: 'ENROLL_COMPLETED',
  trainCompleted: 'TRAIN_COMPLETED',
  sessionDecided: 'SESSION_DECIDED',
  heartbeat: 'HEARTBEAT',
  heartbeatMedia: 'HEARTBEAT_MEDIA',
  callEnded: 'CALL_ENDED',
} as const;

/** The biometric nodes of the built-in flow, in the order they are considered (the scenario names them too). */
export { FLOW_NODES, type FlowNode } from '../scenario/scenario-spec';

/** Nodes a webhook may name in `nodes_to_override` that have no biometric step in the sandbox. */
export const PASSIVE_NODES: readonly string[] = ['AgentAlert'];

/** The event a node raises when it completes; ProcessAudioForEnroll completes on an AUDIO_PROGRESS. */
export const COMPLETION_EVENT: Readonly<Record<FlowNode, string>> = {
  AudioSpoofingDetection: FLOW_EVENTS.spoofCheckCompleted,
  FraudsterDetection: FLOW_EVENTS.fraudCheckCompleted,
  Verify: FLOW_EVENTS.verifyCompleted,
  ProcessAudioForEnroll: FLOW_EVENTS.audioProgress,
  Enroll: FLOW_EVENTS.enrollCompleted,
  Train: FLOW_EVENTS.trainCompleted,
};

/** The scheduled operations (`actions_to_perform[].action`) the sandbox executes: the flow's own nodes. */
export const ACTION_NODES: Readonly<Record<string, FlowNode>> = {
  DetectAudioSpoofing: 'AudioSpoofingDetection',
  DetectFraudsters: 'FraudsterDetection',
  Verify: 'Verify',
  ProcessAudioForEnroll: 'ProcessAudioForEnroll',
  Enroll: 'Enroll',
  Train: 'Train',
};
