import { toResponseJsonObject } from '../../contract/response-json';
import type { SessionVariables } from '../../contract/types';
import type { EngineModel } from '../../filter/engine-model';
import type { RuleBook } from '../../rules/compile/rule-book';
import type { SimulatedEvent } from '../../simulation/simulated-event';
import { simulateLocally } from '../../simulation/simulate-locally';

/** One event of a call as the console shows it (`POST /console/api/call`). */
export interface CallEvent {
  seq: number;
  event: string;
  sent: boolean;
  /** Why the engine did not send it (its filter), when it did not. */
  reason?: string;
  /** The filter entry that matched, when one did. */
  entry?: string;
  delta: string[];
  /** The answer in proto3 JSON; null when not sent (or not known). */
  response: Record<string, unknown> | null;
  fired: readonly string[] | null;
  /** The variables the engine held when raising it (earlier answers' updates overlaid); null when unknown. */
  variables: SessionVariables | null;
  node_overrides: unknown[];
  operations: unknown[];
}

/** An event of a call: its variables, and whether a server is known to have received it (a decision). */
export interface CallInput {
  variables: SessionVariables;
  delivered?: boolean;
}

/**
 * Runs a call's events, in order, through the simulated engine in front of `book` in-process: the engine
 * model of `rulehook test` and `rulehook replay` (simulateLocally), so the console says what they say.
 */
export function runCall(
  book: RuleBook,
  inputs: readonly CallInput[],
  options: { sessionKey?: string; engine?: EngineModel } = {},
): CallEvent[] {
  const simulator = simulateLocally(book, {
    ...(options.sessionKey === undefined ? {} : { sessionKey: options.sessionKey }),
    ...(options.engine === undefined ? {} : { model: options.engine }),
  });
  return inputs.map((input, index) => {
    const raised = simulator.raiseNow(input.variables, input.delivered === true ? { delivered: true } : {});
    // In-process rules answer at once: never a promise.
    return toCallEvent(raised as SimulatedEvent, index + 1);
  });
}

/** The console's shape of a simulated event; `seq` counts the events of the call (all sessions together). */
export function toCallEvent(raised: SimulatedEvent, seq: number): CallEvent {
  const response = raised.response;
  return {
    seq,
    event: raised.event,
    sent: raised.sent,
    ...(raised.reason === null ? {} : { reason: raised.reason }),
    ...(raised.entry === null ? {} : { entry: raised.entry }),
    delta: raised.delta,
    response: response === null ? null : toResponseJsonObject(response),
    fired: raised.fired,
    variables: raised.variables,
    node_overrides: response?.nodes_to_override ?? [],
    operations: response?.actions_to_perform ?? [],
  };
}
