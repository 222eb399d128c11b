import type { SessionVariables } from '../contract';
import { createAutomaticKeyTest } from '../filter';
import { answerEvent } from '../processor/answer-event';
import type { SessionStepOptions } from '../processor/session-step';
import type { RuleBook } from '../rules/compile/rule-book';
import { explainEvent } from '../rules/evaluate/explain-event';
import { readCarriedState } from '../session/carried-state';
import { createFingerprint } from '../session/fingerprint';
import type { SimulatedWebhook, WebhookAnswer } from './webhook';

export interface LocalWebhookOptions {
  automaticKeys?: readonly string[];
  /** Attach an explanation of every rule to each answer (slower). */
  explain?: boolean;
}

/**
 * The webhook evaluated in-process, exactly as `rulehook serve` answers: the
 * same answer from the state the event carries (the simulated engine returns
 * the webhook's variables with every later event, as the real one does).
 */
export class LocalWebhook implements SimulatedWebhook {
  private readonly options: SessionStepOptions;
  private readonly explain: boolean;

  constructor(
    readonly book: RuleBook,
    options: LocalWebhookOptions = {},
  ) {
    this.options = {
      isAutomatic: createAutomaticKeyTest(options.automaticKeys),
      fingerprint: createFingerprint(),
    };
    this.explain = options.explain === true;
  }

  call(_sessionId: string | undefined, variables: SessionVariables): WebhookAnswer {
    const carried = readCarriedState(variables);
    const step = answerEvent(
      this.book,
      variables,
      carried.kind === 'state' ? carried.state : undefined,
      this.options,
    );
    const { response, fired } = step.evaluation;
    if (!this.explain) return { response, fired };
    return { response, fired, explanation: explainEvent(this.book, variables, step.context) };
  }
}
