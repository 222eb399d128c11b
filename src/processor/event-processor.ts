import { createEmptyResponse, type CustomLogicResponse, type Event } from '../contract';

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
  process(event: Event): EventOutcome | Promise<EventOutcome>;
}

/** Answers every event with an empty response: what the spec requires of a webhook with no instructions. */
export const emptyProcessor: EventProcessor = {
  process: () => ({ response: createEmptyResponse(), fired: [] }),
};
