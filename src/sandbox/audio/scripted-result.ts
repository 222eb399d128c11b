import { findOutcome, type SandboxScenario } from '../scenario/sandbox-scenario';
import type { OutcomeOperation } from '../scenario/scenario-spec';
import type { JsonMessage } from '../wire/proto-json';

/** A scripted outcome with its defaults, in the wire's enum names. */
export interface ScriptedResult {
  decision: string;
  reason: string;
  score: number;
  validity: JsonMessage;
  /** The RiskEngineResult derived from the decision. */
  risk: JsonMessage;
}

const RISK_BY_DECISION: Readonly<Record<string, string>> = {
  POSITIVE: 'RISK_LEVEL_HIGH',
  UNCERTAIN: 'RISK_LEVEL_MEDIUM',
  NEGATIVE: 'RISK_LEVEL_LOW',
  NOT_AVAILABLE: 'RISK_LEVEL_UNSPECIFIED',
};

/**
 * The result the scenario scripts for `operation` on this media or person
 * (docs/sandbox.md: media first, then person, then the operation's default;
 * with none, NEGATIVE, score 0, AUDIO_OK, VALID). The risk level follows the
 * decision (POSITIVE high, UNCERTAIN medium, NEGATIVE low); reliability is low
 * for LOW_RELIABILITY, high otherwise.
 */
export function readScriptedResult(
  scenario: SandboxScenario,
  operation: OutcomeOperation,
  about: { media?: string | undefined; person?: string | undefined },
): ScriptedResult {
  const outcome = findOutcome(scenario, operation, about);
  const decision = outcome?.decision ?? 'NEGATIVE';
  const reason = outcome?.reason ?? 'AUDIO_OK';
  const validity = outcome?.validity ?? 'VALID';
  return {
    decision: `DECISION_${decision}`,
    reason: `DECISION_REASON_${reason}`,
    score: outcome?.score ?? 0,
    validity: {
      validity: `VALIDITY_${validity}`,
      ...(outcome?.invalid_reasons?.length
        ? { reasons: outcome.invalid_reasons.map((r) => `INVALID_AUDIO_REASON_${r}`) }
        : {}),
    },
    risk: {
      risk_level: RISK_BY_DECISION[decision],
      reliability: reason === 'LOW_RELIABILITY' ? 'RELIABILITY_LOW' : 'RELIABILITY_HIGH',
    },
  };
}
