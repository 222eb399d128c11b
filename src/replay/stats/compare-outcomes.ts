import { toResponseJsonObject, withoutReservedUpdates } from '../../contract';
import type { LaneOutcome } from '../lanes/replay-lane';

/** What differs for one event between the two rule sets: whether it was sent, which rules fired, the response. */
export type OutcomeChange = 'sent' | 'fired' | 'response';

/**
 * The outcome changes of one event: `sent` when one rule set lets the engine
 * send it and the other does not (then nothing else is compared); otherwise,
 * for a sent event, `fired` and `response` when they differ. A different filter
 * reason for an event filtered both times is not a change: the engine sends nothing either way.
 */
export function compareOutcomes(a: LaneOutcome, b: LaneOutcome): OutcomeChange[] {
  if (a.event.sent !== b.event.sent) return ['sent'];
  if (!a.event.sent) return [];
  const changes: OutcomeChange[] = [];
  if (!sameList(a.event.fired, b.event.fired)) changes.push('fired');
  if (responseJson(a) !== responseJson(b)) changes.push('response');
  return changes;
}

function sameList(a: readonly string[] | null, b: readonly string[] | null): boolean {
  if (a === null || b === null) return a === b;
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function responseJson(outcome: LaneOutcome): string {
  const response = outcome.event.response;
  // rulehook's own state variables differ whenever the rules watch different variables: not a change users see.
  return response === null ? 'null' : JSON.stringify(toResponseJsonObject(withoutReservedUpdates(response)));
}
