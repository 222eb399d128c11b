import type { CustomLogicResponse, SessionVariables } from '../contract/types';
import type { RuleExplanation } from '../rules/evaluate/explain-event';

/** What the simulated engine got back for one sent event. */
export interface WebhookAnswer {
  response: CustomLogicResponse;
  /** `ruleset/rule` ids in firing order; null when the webhook does not say (a foreign target). */
  fired: readonly string[] | null;
  /** Why each rule fired or not, when the webhook was asked to explain (in-process only). */
  explanation?: RuleExplanation[];
}

/** What the simulated engine knows of one raised event besides its variables. */
export interface RaisedEventFacts {
  /** The engine is known to have sent it (a decision-log line): EngineSimulator#raise. */
  delivered?: boolean;
  /** The answer the webhook gave it live, when a decision log recorded it. */
  recorded?: WebhookAnswer;
}

/** The webhook side of a simulation: in-process rules, a live webhook over the wire, or a decision log. */
export interface SimulatedWebhook {
  /** `sessionId` is undefined for an event that names no session. */
  call(
    sessionId: string | undefined,
    variables: SessionVariables,
    facts?: RaisedEventFacts,
  ): WebhookAnswer | Promise<WebhookAnswer>;
  /**
   * The rules that wait for the event `name` (their `on:` takes it), `ruleset/rule`: told of an event the
   * filter stopped. Only a webhook whose rules are known has it (in-process rules).
   */
  listenersOf?(name: string): readonly string[];
}
