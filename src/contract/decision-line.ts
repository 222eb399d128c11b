import { toResponseJsonObject } from './response-json';
import type { CustomLogicResponse, SessionVariables } from './types';

/**
 * What the webhook decided for one event: a line of `serve --decision-log`, and
 * what `rulehook replay` reads back (the `session_variables` of a line are an
 * Event; the rest says what was answered).
 */
export interface EventDecision {
  /** When the answer was ready, in milliseconds since the epoch. */
  time: number;
  requestId: string;
  /** The revision of the rule set that answered. */
  revision: string;
  /** From the call of the processor to its outcome, in milliseconds. */
  durationMs: number;
  /** The event's variables as received, before the rules ran. */
  variables: SessionVariables;
  fired: readonly string[];
  response: CustomLogicResponse;
}

/** Replaces the values of personal variables (by name); returns the same object when none is. */
export type VariableMask = (variables: SessionVariables) => SessionVariables;

/** What hides personal data in what is logged of an event (`serve --mask`). */
export interface LogMask {
  /** The event's variables, those of personal names hashed; the same object when none is. */
  maskVariables: VariableMask;
  /**
   * The decision's variables and response as they may be logged: the variables (and updates) of personal
   * names hashed, and, in every text the rules wrote (parameters, update values, filter values), each
   * personal value of the event or of those updates replaced by its hash. What holds nothing to mask is
   * returned as it is.
   */
  maskDecision(
    variables: SessionVariables,
    response: CustomLogicResponse,
  ): { variables: SessionVariables; response: CustomLogicResponse };
}

/**
 * One decision-log line: `time` (ISO 8601), `request_id`, `revision`, `duration_ms`, `session_variables`
 * (masked), `fired`, `response` (proto3 JSON as on the HTTP wire, masked), in this order, and a newline.
 */
export function encodeDecisionLine(decision: EventDecision, mask?: LogMask): string {
  const masked = mask === undefined ? decision : mask.maskDecision(decision.variables, decision.response);
  return (
    JSON.stringify({
      time: new Date(decision.time).toISOString(),
      request_id: decision.requestId,
      revision: decision.revision,
      duration_ms: Math.round(decision.durationMs * 1000) / 1000,
      session_variables: masked.variables,
      fired: decision.fired,
      response: toResponseJsonObject(masked.response),
    }) + '\n'
  );
}
