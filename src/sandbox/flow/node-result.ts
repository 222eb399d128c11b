import { findOutcome, type SandboxScenario } from '../scenario/sandbox-scenario';
import type { OutcomeOperation, OutcomeSpec } from '../scenario/scenario-spec';
import type { JsonMessage } from '../wire/proto-json';
import type { FlowNode } from './flow-catalog';

/** What a completed node wrote and reports. */
export interface NodeResult {
  /** Session variables it writes (catalog names), all text. */
  variables: Record<string, string>;
  /** Its Decision (no prefix), for the session decision; undefined: it decides nothing. */
  decision?: string;
  /** An IVR bot DecisionReason name (no prefix), when the node has one. */
  reason?: string;
  /** The ProgressInformation details message of the node (`*_progress_information`). */
  details: JsonMessage;
}

/** Whom and what a node's outcome is looked up for, and the net audio (s) it had. */
export interface NodeSubject {
  person: string | undefined;
  media: string | undefined;
  netSeconds: number;
}

const VERIFY_DECISIONS: Readonly<Record<string, string>> = {
  POSITIVE: 'MATCH',
  NEGATIVE: 'MISMATCH',
  UNCERTAIN: 'UNCERTAIN',
  NOT_AVAILABLE: 'INCONCLUSIVE',
};
const VERIFY_REASONS: Readonly<Record<string, string>> = {
  POSITIVE: 'VOICEPRINT_MATCH',
  NEGATIVE: 'VOICEPRINT_MISMATCH',
  UNCERTAIN: 'VOICEPRINT_UNCERTAIN',
  NOT_AVAILABLE: 'NOT_ENOUGH_AUDIO',
};
const FRAUD_DECISIONS: Readonly<Record<string, string>> = {
  POSITIVE: 'WATCHLIST_MATCH',
  UNCERTAIN: 'POSSIBLE_MATCH',
};
/** Audio processing reasons whose IVR bot name differs. */
const IVR_REASONS: Readonly<Record<string, string>> = {
  LOW_RELIABILITY: 'UNRELIABLE_DECISION_THRESHOLDS',
  NOT_ENOUGH_SEGMENTS: 'NOT_ENOUGH_AUDIO',
};

function describeValidity(outcome: OutcomeSpec | undefined): JsonMessage {
  const validity = outcome?.validity ?? 'VALID';
  const reasons = outcome?.invalid_reasons ?? [];
  return {
    validity: `VALIDITY_${validity}`,
    ...(reasons.length > 0 ? { reasons: reasons.map((r) => `INVALID_AUDIO_REASON_${r}`) } : {}),
  };
}

const NOT_ENOUGH_AUDIO: OutcomeSpec = {
  operation: 'verify',
  decision: 'NOT_AVAILABLE',
  validity: 'INVALID',
  invalid_reasons: ['NOT_ENOUGH_AUDIO'],
};

/**
 * The result of `node` for its subject: scripted by the scenario's outcomes (media first, then person,
 * then the operation's default), except what the sandbox computes: a node that ran on less net audio
 * than its minimum (`minNetAudio`, s) is NOT_AVAILABLE with NOT_ENOUGH_AUDIO, and the catalog's words are derived from the
 * decisions (docs/sandbox.md, "The session flow").
 */
export function computeNodeResult(
  scenario: SandboxScenario,
  node: FlowNode,
  subject: NodeSubject,
  minNetAudio: number,
): NodeResult {
  const short = subject.netSeconds < minNetAudio;
  const lookUp = (operation: OutcomeOperation): OutcomeSpec | undefined =>
    short
      ? { ...NOT_ENOUGH_AUDIO, operation, reason: 'NOT_ENOUGH_AUDIO' }
      : findOutcome(scenario, operation, subject);
  switch (node) {
    case 'AudioSpoofingDetection':
      return detectSpoofing([lookUp('synthetic_speech_detection'), lookUp('channel_playback_detection')]);
    case 'FraudsterDetection': {
      const outcome = lookUp('detect_fraudsters');
      const decision = outcome?.decision ?? 'NEGATIVE';
      return {
        variables: {
          'fraud.decision': FRAUD_DECISIONS[decision] ?? 'NO_MATCH',
          'fraud.score': String(outcome?.score ?? 0),
        },
        decision,
        reason: decision === 'POSITIVE' ? 'FRAUDSTER_INDICATION' : (outcome?.reason ?? 'AUDIO_OK'),
        details: { audio_validity: describeValidity(outcome) },
      };
    }
    case 'Verify': {
      const outcome = lookUp('verify');
      const decision = outcome?.decision ?? 'NEGATIVE';
      const reason = outcome?.reason ?? VERIFY_REASONS[decision]!;
      return {
        variables: {
          'verify.decision': VERIFY_DECISIONS[decision]!,
          'verify.score': String(outcome?.score ?? 0),
          'verify.reason': reason,
        },
        decision,
        reason,
        details: { audio_validity: describeValidity(outcome) },
      };
    }
    case 'ProcessAudioForEnroll':
      return {
        variables: {},
        details: { audio_validity: describeValidity(lookUp('process_audio_for_enroll')) },
      };
    case 'Enroll': {
      const valid = (lookUp('enroll')?.validity ?? 'VALID') === 'VALID';
      const status = valid ? 'PARTIALLY_ENROLLED' : 'NOT_ENROLLED';
      return {
        variables: { 'person.enrollStatus': status },
        details: { enroll_status: `ENROLL_STATUS_${status}` },
      };
    }
    case 'Train': {
      const valid = (lookUp('train')?.validity ?? 'VALID') === 'VALID';
      return {
        variables: valid ? { 'person.enrollStatus': 'TRAINED' } : {},
        details: { train_status: valid ? 'TRAIN_STATUS_TRAINED' : 'TRAIN_STATUS_NOT_TRAINED' },
      };
    }
  }
}

function detectSpoofing(outcomes: (OutcomeSpec | undefined)[]): NodeResult {
  const decisions = outcomes.map((o) => o?.decision ?? 'NEGATIVE');
  const hit = outcomes.find((o) => o?.decision === 'POSITIVE');
  const decision =
    hit !== undefined ? 'POSITIVE' : decisions.every((d) => d === 'NEGATIVE') ? 'NEGATIVE' : 'UNCERTAIN';
  const reason = (hit ?? outcomes.find((o) => o?.reason !== undefined))?.reason ?? 'AUDIO_OK';
  const score = Math.max(...outcomes.map((o) => o?.score ?? 0));
  const word = decision === 'POSITIVE' ? 'SPOOF' : decision === 'NEGATIVE' ? 'GENUINE' : 'INCONCLUSIVE';
  const invalid = outcomes.find((o) => o?.validity === 'INVALID');
  return {
    variables: { 'spoof.decision': word, 'spoof.reason': reason, 'spoof.score': String(score) },
    decision,
    reason: IVR_REASONS[reason] ?? reason,
    details: { audio_validity: describeValidity(invalid ?? outcomes[0]) },
  };
}
