import type { SessionVariables } from '../../contract/types';
import { simulateLocally } from '../../simulation/simulate-locally';
import type { SimulatedEvent } from '../../simulation/simulated-event';
import { checkEvent, type EventFailure } from '../expect/check-event';
import type { RulesUnderTest } from '../rules/rules-under-test';
import type { PlannedTest } from '../scenario/plan-tests';

/**
 * How a test's expectations see each event of its session, in order (one per session): `rulehook
 * suggest-filter` leaves out what its suggested rule adds, so that tests check what the pack asks.
 */
export type EventView = (event: SimulatedEvent) => SimulatedEvent;

export interface SessionOutcome {
  /** What the simulated engine did with each event, in order. */
  results: SimulatedEvent[];
  /** The events whose expectations did not hold. */
  failures: EventFailure[];
}

/**
 * Runs one planned session through the simulated engine and the rules,
 * in-process, exactly as `rulehook serve` answers with its memory store: each
 * event is the previous one with the written changes merged on, the engine
 * overlays the webhook's variable updates and applies its filter, and the
 * webhook explains every rule (for failure messages and coverage).
 */
export async function runPlannedTest(
  plan: PlannedTest,
  rules: RulesUnderTest,
  view?: EventView,
): Promise<SessionOutcome> {
  const simulator = simulateLocally(rules.book, {
    explain: true,
    sessionKey: plan.sessionKey,
    model: plan.engine,
  });
  const results: SimulatedEvent[] = [];
  const failures: EventFailure[] = [];
  let raised: SessionVariables = {};
  for (const [index, event] of plan.events.entries()) {
    raised = { ...raised, ...event.changes };
    const raisedResult = await simulator.raise(raised);
    const result = view === undefined ? raisedResult : view(raisedResult);
    results.push(result);
    if (event.expect === undefined) continue;
    const failure = checkEvent(result, event.expect, { index, source: event.expectPath, rules });
    if (failure !== undefined) failures.push(failure);
  }
  return { results, failures };
}
