import type { CustomLogicResponse, SessionVariables } from '../contract';
import type { RuleExplanation } from '../rules/evaluate/explain-event';

/** What the simulated engine got back for one sent event. */
export interface WebhookAnswer {
  response: CustomLogicResponse;
  /** `ruleset/rule` ids in firing order; null when the webhook does not say (a foreign target). */
  fired: readonly string[] | null;
  /** Why each rule fired or not, when the webhook was asked to explain (in-process only). */
  explanation?: RuleExplanation[];
}

/** The webhook side of a simulation: in-process rules, or a live webhook over the wire. */
export interface SimulatedWebhook {
  /** `sessionId` is undefined for an event that names no session. */
  call(sessionId: string | undefined, variables: SessionVariables): WebhookAnswer | Promise<WebhookAnswer>;
}
