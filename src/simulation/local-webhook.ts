import { LRUCache } from 'lru-cache';
import type { SessionVariables } from '../contract';
import { createAutomaticKeyTest, type KeyTest } from '../filter';
import { stepSession } from '../processor/session-step';
import type { RuleBook } from '../rules/compile/rule-book';
import { evaluateEvent } from '../rules/evaluate/evaluate-event';
import { explainEvent } from '../rules/evaluate/explain-event';
import { DEFAULT_MAX_SESSIONS } from '../session/session-store';
import type { SessionState } from '../session/session-state';
import type { SimulatedWebhook, WebhookAnswer } from './webhook';

export interface LocalWebhookOptions {
  automaticKeys?: readonly string[];
  /** Attach an explanation of every rule to each answer (slower). */
  explain?: boolean;
  /** Sessions remembered at most; the least recently used is forgotten beyond it (keeps memory flat). */
  maxSessions?: number;
}

/**
 * The webhook evaluated in-process, exactly as `rulehook serve` answers with its
 * in-memory store: the same session step (delta, `once`, effective filter).
 */
export class LocalWebhook implements SimulatedWebhook {
  private readonly sessions: LRUCache<string, SessionState>;
  private readonly isAutomatic: KeyTest;
  private readonly explain: boolean;

  constructor(
    readonly book: RuleBook,
    options: LocalWebhookOptions = {},
  ) {
    this.isAutomatic = createAutomaticKeyTest(options.automaticKeys);
    this.explain = options.explain === true;
    this.sessions = new LRUCache({ max: options.maxSessions ?? DEFAULT_MAX_SESSIONS });
  }

  call(sessionId: string | undefined, variables: SessionVariables): WebhookAnswer {
    if (sessionId === undefined) {
      const evaluation = evaluateEvent(this.book, variables);
      return this.answer(evaluation.response, evaluation.fired, () => explainEvent(this.book, variables));
    }
    const state = this.sessions.get(sessionId);
    const step = stepSession(this.book, state, variables, this.isAutomatic);
    this.sessions.set(sessionId, step.next);
    return this.answer(step.evaluation.response, step.evaluation.fired, () =>
      explainEvent(this.book, variables, step.context),
    );
  }

  private answer(
    response: WebhookAnswer['response'],
    fired: string[],
    explain: () => WebhookAnswer['explanation'],
  ): WebhookAnswer {
    return this.explain ? { response, fired, explanation: explain() } : { response, fired };
  }
}
