import { CURRENT_EVENT_KEY, type SessionVariables } from '../../contract/types';
import type { EngineModel } from '../../filter/engine-model';
import { simulateLocally } from '../../simulation/simulate-locally';
import type { EngineSimulator } from '../../simulation/engine-simulator';
import type { SimulatedEvent } from '../../simulation/simulated-event';
import type { RulesUnderTest } from '../rules/rules-under-test';
import { SESSION_KEY } from '../scenario/plan-tests';

/** One event of a simulated call, as the engine handled it (see SimulatedEvent), with its position. */
export interface EventResult extends SimulatedEvent {
  /** 0-based position of the event in its test session. */
  index: number;
}

/** The rules each result was produced by, for the matchers (kept out of the result, which jest prints). */
const RULES_OF = new WeakMap<object, RulesUnderTest>();

export function getResultRules(result: object): RulesUnderTest | undefined {
  return RULES_OF.get(result);
}

/**
 * A simulated call: each `raise` is one event, written as the variables that
 * changed since the previous one. The engine is simulated as `rulehook test`
 * does it: it keeps the variables, overlays the webhook's updates on later
 * events, and sends an event only if the session's filter lets it through.
 */
export class TestSession {
  /** Every event raised so far, in order. */
  readonly results: EventResult[] = [];
  private readonly simulator: EngineSimulator;
  private raised: SessionVariables;

  constructor(
    private readonly rules: RulesUnderTest,
    /** The session id (`state.sessionId`). */
    readonly id: string,
    variables: SessionVariables = {},
    /** How the simulated engine reads what its specification leaves open; default: rulehook's reading. */
    engine: EngineModel = {},
  ) {
    this.simulator = simulateLocally(rules.book, { explain: true, sessionKey: SESSION_KEY, model: engine });
    this.raised = { ...variables, [SESSION_KEY]: id };
  }

  /** Raises the event `name` with the variables that changed since the previous event. */
  async raise(name: string, changes: SessionVariables = {}): Promise<EventResult> {
    this.raised = { ...this.raised, ...changes, [CURRENT_EVENT_KEY]: name };
    const result: EventResult = { ...(await this.simulator.raise(this.raised)), index: this.results.length };
    RULES_OF.set(result, this.rules);
    this.results.push(result);
    return result;
  }

  /** Raises several events in order. */
  async raiseAll(events: readonly CallEvent[]): Promise<EventResult[]> {
    const out: EventResult[] = [];
    for (const e of events) out.push(await this.raise(e.event, e.variables));
    return out;
  }
}

/** One event of a call written in code: its name and what changed. */
export interface CallEvent {
  event: string;
  variables?: SessionVariables;
}
