import { createEmptyResponse, type CustomLogicResponse, type Event } from '../contract/types';

/** What answering one event produced: the response, and which rules fired (`ruleset/rule`, in order). */
export interface EventOutcome {
  response: CustomLogicResponse;
  fired: readonly string[];
}

/**
 * The logic behind the webhook: rules and session state. The core owns
 * everything hosts have in common around it (counting, never failing an event).
 */
export interface EventProcessor {
  /** `names`: the event's variable names (its map's own keys, in order), when the host's decoder listed them. */
  process(event: Event, names?: readonly string[]): EventOutcome | Promise<EventOutcome>;
  /**
   * The event names this processor knows (its rules' and its catalog's), for metrics labels: the core
   * counts any other name as `other`, so that callers cannot make the label take unbounded values.
   */
  readonly eventNames?: ReadonlySet<string>;
}

/** Answers every event with an empty response: what the spec requires of a webhook with no instructions. */
export const emptyProcessor: EventProcessor = {
  process: () => ({ response: createEmptyResponse(), fired: [] }),
};
