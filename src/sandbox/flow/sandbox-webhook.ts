import {
  createEmptyResponse,
  RESULT_CODE_OK,
  type CustomLogicResponse,
  type SessionVariables,
} from '../../contract/types';
import type { SimulatedWebhook, WebhookAnswer } from '../../simulation/webhook';
import { readWebhookFailure, type WebhookFailure } from '../../simulation/webhook-failure';

/**
 * The webhook the sandbox's sessions call: in-process rules or a live one. A call that brings no answer
 * rejects; a live webhook's client rejects with a WebhookCallError naming the kind of failure.
 */
export type SandboxWebhookTarget = SimulatedWebhook;

/** What the webhook did with one sent event, before the engine applied anything. */
export interface WebhookOutcome {
  /** What it answered; undefined when no answer came (the call failed). */
  response: CustomLogicResponse | undefined;
  fired: readonly string[] | null;
  /** Why its instructions were not applied: the call failed, or its result_code is not 200. */
  failure: WebhookFailure | undefined;
}

/**
 * The webhook as a documented engine uses it: an answer that is not a 200
 * `result_code`, or a call that failed (unreachable, timed out, answered
 * something else than a CustomLogicResponse) or threw, counts as no
 * instructions at all (the empty response goes to the engine model), and the
 * flow goes on. What really happened is kept for the session's timeline
 * (`takeOutcome`); sessions call one at a time, so one slot per session holds
 * it. Without a target the events are recorded and sent nowhere: no outcome.
 */
export class GuardedWebhook implements SimulatedWebhook {
  private readonly outcomes = new Map<string, WebhookOutcome>();

  constructor(private readonly target: SandboxWebhookTarget | undefined) {}

  async call(sessionId: string | undefined, variables: SessionVariables): Promise<WebhookAnswer> {
    const session = sessionId ?? '';
    const empty = { response: createEmptyResponse(), fired: null };
    if (this.target === undefined) return empty;
    let answer: WebhookAnswer;
    try {
      answer = await this.target.call(sessionId, variables);
    } catch (error) {
      this.outcomes.set(session, { response: undefined, fired: null, failure: readWebhookFailure(error) });
      return empty;
    }
    const { response, fired } = answer;
    const failure = readResultCodeFailure(response);
    this.outcomes.set(session, { response, fired, failure });
    return failure === undefined ? answer : empty;
  }

  /** What the webhook did with this session's last sent event (none without a webhook); cleared. */
  takeOutcome(session: string): WebhookOutcome | undefined {
    const outcome = this.outcomes.get(session);
    this.outcomes.delete(session);
    return outcome;
  }
}

function readResultCodeFailure(response: CustomLogicResponse): WebhookFailure | undefined {
  if (response.result_code === RESULT_CODE_OK) return undefined;
  const said = response.result_message === '' ? '' : `: ${response.result_message}`;
  return { kind: 'result_code', message: `result_code ${response.result_code}${said}` };
}

/** The timeline's sentence for a failure: why the answer's instructions were not applied. */
export function describeWebhookFailure(failure: WebhookFailure): string {
  return failure.kind === 'result_code'
    ? `${failure.message}: the answer's instructions are not applied`
    : `the webhook call failed (${failure.kind}): ${failure.message}`;
}
