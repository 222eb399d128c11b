import type { SessionVariables } from '../contract/types';
import { createAutomaticKeyTest } from '../filter/delta';
import type { EngineModel } from '../filter/engine-model';
import { answerEvent, findStateUse, type AnswerOptions } from '../processor/answer-event';
import { createListenerLookup, type ListenerLookup } from '../rules/compile/listening-rules';
import type { RuleBook } from '../rules/compile/rule-book';
import { explainEvent } from '../rules/evaluate/explain-event';
import { readCarriedState, type StateUse } from '../session/carried-state';
import { createFingerprint } from '../session/fingerprint';
import type { SimulatedWebhook, WebhookAnswer } from './webhook';

export interface LocalWebhookOptions {
  automaticKeys?: readonly string[];
  /** Attach an explanation of every rule to each answer (slower). */
  explain?: boolean;
  /** Whether the engine counts the webhook's own updates as changes; default `applied`: not. */
  ownUpdates?: EngineModel['ownUpdates'];
}

/**
 * The webhook evaluated in-process, exactly as `rulehook serve` answers: the
 * same answer from the state the event carries (the simulated engine returns
 * the webhook's variables with every later event, as the real one does).
 */
export class LocalWebhook implements SimulatedWebhook {
  private readonly options: Omit<AnswerOptions, 'carry'>;
  private readonly use: StateUse;
  private readonly explain: boolean;
  private readonly listeners: ListenerLookup;

  constructor(
    readonly book: RuleBook,
    options: LocalWebhookOptions = {},
  ) {
    this.options = {
      isAutomatic: createAutomaticKeyTest(options.automaticKeys),
      fingerprint: createFingerprint(),
      ...(options.ownUpdates === undefined ? {} : { ownUpdates: options.ownUpdates }),
    };
    this.explain = options.explain === true;
    this.use = findStateUse(book);
    this.listeners = createListenerLookup(book);
  }

  listenersOf(name: string): readonly string[] {
    return this.listeners(name);
  }

  call(sessionId: string | undefined, variables: SessionVariables): WebhookAnswer {
    const carry = { use: this.use, seal: undefined, sessionId: sessionId ?? '' };
    const carried = readCarriedState(variables, carry);
    // Written out: a spread followed by more properties takes V8's slow path (rule-processor.ts).
    const { isAutomatic, fingerprint, ownUpdates } = this.options;
    const step = answerEvent(this.book, variables, carried.state, carried, {
      isAutomatic,
      fingerprint,
      ownUpdates,
      carry,
    });
    const { response, fired } = step.evaluation;
    if (!this.explain) return { response, fired };
    return { response, fired, explanation: explainEvent(this.book, variables, step.context) };
  }
}
