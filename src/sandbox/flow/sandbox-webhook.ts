import { createEmptyResponse, type CustomLogicResponse, type SessionVariables } from '../../contract/types';
import type { SimulatedWebhook, WebhookAnswer } from '../../simulation/webhook';

/** The webhook the sandbox's sessions call: in-process rules or a live one (which reports failed calls). */
export interface SandboxWebhookTarget extends SimulatedWebhook {
  /** The error of this session's last call, if it failed (cleared); a live webhook's client sets it. */
  takeError?(session: string): string | undefined;
}

/** What the webhook answered to one sent event, before the engine applied anything. */
export interface WebhookOutcome {
  response: CustomLogicResponse;
  fired: readonly string[] | null;
  /** Why its instructions were not applied: a failed call or a result_code other than 200. */
  problem: string | undefined;
}

/**
 * The webhook as a documented engine uses it: an answer that is not a 200
 * `result_code`, a call that failed (unreachable, timed out) or threw, counts
 * as no instructions at all (the empty response goes to the engine model), and
 * the flow goes on. What really came back is kept for the session's timeline
 * (`takeOutcome`); sessions call one at a time, so one slot per session holds it.
 */
export class GuardedWebhook implements SimulatedWebhook {
  private readonly outcomes = new Map<string, WebhookOutcome>();

  constructor(private readonly target: SandboxWebhookTarget | undefined) {}

  async call(sessionId: string | undefined, variables: SessionVariables): Promise<WebhookAnswer> {
    const session = sessionId ?? '';
    const empty = { response: createEmptyResponse(), fired: null };
    if (this.target === undefined) {
      this.outcomes.set(session, { ...empty, problem: 'no webhook: started without --webhook or --rules' });
      return empty;
    }
    let answer: WebhookAnswer;
    try {
      answer = await this.target.call(sessionId, variables);
    } catch (error) {
      this.outcomes.set(session, { ...empty, problem: `the webhook failed: ${(error as Error).message}` });
      return empty;
    }
    const error = this.target.takeError?.(session);
    const code = answer.response.result_code;
    const problem =
      error !== undefined
        ? `the webhook call failed: ${error}`
        : code !== 200
          ? `result_code ${code}: the answer's instructions are not applied`
          : undefined;
    this.outcomes.set(session, { response: answer.response, fired: answer.fired, problem });
    return problem === undefined ? answer : empty;
  }

  /** What the webhook answered to this session's last sent event; cleared. */
  takeOutcome(session: string): WebhookOutcome | undefined {
    const outcome = this.outcomes.get(session);
    this.outcomes.delete(session);
    return outcome;
  }
}
