import { toResponseJsonObject } from '../../contract/response-json';
import { withoutReservedUpdates } from '../../contract/reserved-variables';
import type { LaneOutcome } from '../lanes/replay-lane';

/** What differs for one event between the two rule sets: whether it was sent, which rules fired, the response. */
export type OutcomeChange = 'sent' | 'fired' | 'response';

/**
 * Which changes make an event differ (`--compare-on`): `response` what the engine would see (whether the
 * event is sent, and the response on the wire); `fired` whether it is sent and which rules fired; `all` any.
 */
export type CompareOn = 'response' | 'fired' | 'all';

export const COMPARE_ON_CHOICES = ['response', 'fired', 'all'] as const satisfies readonly CompareOn[];

/** Whether an event with these changes differs when comparing on `on`; a change of `sent` always does. */
export function differsOn(changes: readonly OutcomeChange[], on: CompareOn): boolean {
  if (changes.length === 0) return false;
  return on === 'all' || changes.includes('sent') || changes.includes(on);
}

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
