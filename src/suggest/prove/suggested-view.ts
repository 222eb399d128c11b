import { withoutReservedUpdates } from '../../contract/reserved-variables';
import type { EventFilterAction } from '../../contract/types';
import type { SimulatedEvent } from '../../simulation/simulated-event';

/** The rule a suggestion adds to the pack: its `ruleset/rule` id and its filter entries. */
export interface SuggestedRule {
  id: string;
  events: readonly string[];
  keys: readonly string[];
}

/** A function seeing one session's events in order (it keeps the filter that session was last sent). */
export type EventView = (event: SimulatedEvent) => SimulatedEvent;

/**
 * What the pack asked for, with the suggested rule's own contribution left out: its id from `fired`, its
 * entries from each answer's filter, and an answer's filter that is then the one the session already had
 * dropped (rulehook sends a filter only when it changes). rulehook's own `rulehook.*` updates are left
 * out too, as `test` and `replay --compare` leave them out. Without a suggested rule, the same view of
 * the pack alone, so that both runs are seen alike. One view per session: create one per call.
 */
export function createSuggestedView(suggested: SuggestedRule | undefined): EventView {
  const events = new Set(suggested?.events ?? []);
  const keys = new Set(suggested?.keys ?? []);
  let previous = describeFilter(undefined);
  return (event) => {
    if (!event.sent || event.response === null) return event;
    const response = withoutReservedUpdates(event.response);
    const fired = event.fired?.filter((id) => id !== suggested?.id) ?? null;
    const sent = response.event_filter;
    if (sent === undefined) return { ...event, fired, response };
    const filter: EventFilterAction = {
      keys_to_ignore: sent.keys_to_ignore.filter((entry) => !keys.has(entry)),
      events_to_ignore: sent.events_to_ignore.filter((entry) => !events.has(entry)),
      values_to_ignore: sent.values_to_ignore,
    };
    const described = describeFilter(filter);
    const changed = described !== previous;
    previous = described;
    if (changed) return { ...event, fired, response: { ...response, event_filter: filter } };
    const unchanged = { ...response };
    delete unchanged.event_filter;
    return { ...event, fired, response: unchanged };
  };
}

function describeFilter(filter: EventFilterAction | undefined): string {
  if (filter === undefined) return JSON.stringify([[], [], {}]);
  return JSON.stringify([filter.keys_to_ignore, filter.events_to_ignore, filter.values_to_ignore]);
}
