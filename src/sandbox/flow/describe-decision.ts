import { formatDuration } from '../wire/json-form';
import { OK_STATUS } from '../wire/status';
import type { JsonMessage } from '../wire/proto-json';
import type { CallSession } from './call-session';
import type { FlowNode } from './flow-catalog';

/** Each node's `*_progress_status` field and its details field of ProgressInformation. */
/** Seconds as a proto3 JSON Duration, to the millisecond. */
const toDuration = (seconds: number): string => {
  const ms = Math.round(seconds * 1000);
  return formatDuration(Math.trunc(ms / 1000), (ms % 1000) * 1_000_000);
};

const PROGRESS_FIELDS: Readonly<Record<FlowNode, [string, string]>> = {
  Verify: ['verify_progress_status', 'verify_progress_information'],
  AudioSpoofingDetection: [
    'detect_audio_spoofing_progress_status',
    'detect_audio_spoofing_progress_information',
  ],
  FraudsterDetection: ['detect_fraudsters_progress_status', 'detect_fraudsters_progress_information'],
  ProcessAudioForEnroll: [
    'process_audio_for_enroll_progress_status',
    'process_audio_for_enroll_progress_information',
  ],
  Enroll: ['enroll_progress_status', 'enroll_progress_information'],
  Train: ['train_progress_status', 'train_progress_information'],
};

/** What a session that ended undecided answers, so that an IVR polling for the decision can stop. */
const ENDED_UNDECIDED =
  'the session ended before a decision was made: session_decision is NOT_AVAILABLE, and stays so';

/**
 * GetSessionDecisionResponse: ProgressInformation for every node that has started (its details: the
 * result's once completed; the audio collected so far for process-audio-for-enroll), and the
 * SessionDecision once available. A session that ended before any decision will never have one: its
 * SessionDecision is NOT_AVAILABLE (no reason: nothing failed), the OK status's message saying why, since
 * the contract makes the decision's presence what ends an IVR's polling.
 */
export function describeDecision(session: CallSession): JsonMessage {
  const response: JsonMessage = { status: OK_STATUS };
  for (const [node, [statusField, detailsField]] of Object.entries(PROGRESS_FIELDS) as [
    FlowNode,
    [string, string],
  ][]) {
    const state = session.nodes[node];
    if (state.progress === 'NOT_STARTED') continue;
    const details: JsonMessage = { ...(state.result?.details ?? {}) };
    if (node === 'ProcessAudioForEnroll')
      Object.assign(details, {
        current_net_audio: toDuration(session.netSeconds),
        min_net_audio_required_for_enroll: toDuration(session.context.timing.minNetAudioForEnroll),
        min_net_audio_required_for_train: toDuration(session.context.timing.minNetAudioForTrain),
        max_net_audio_required_for_enroll: toDuration(session.context.timing.maxNetAudioForEnroll),
      });
    response[statusField] = {
      progress_status: `PROGRESS_STATUS_${state.progress}`,
      ...(Object.keys(details).length > 0 ? { [detailsField]: details } : {}),
    };
  }
  if (session.decision !== undefined)
    response.session_decision = {
      decision: `DECISION_${session.decision.decision}`,
      ...(session.decision.reason === undefined
        ? {}
        : { decision_reason: `DECISION_REASON_${session.decision.reason}` }),
    };
  else if (session.ended) {
    response.session_decision = { decision: 'DECISION_NOT_AVAILABLE' };
    response.status = { ...OK_STATUS, status_message: { locale: 'en-US', message: ENDED_UNDECIDED } };
  }
  return response;
}
