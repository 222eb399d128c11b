import type { Event } from '../contract';
import { createAutomaticKeyTest, type KeyTest } from '../filter';
import type { EventOutcome, EventProcessor } from './event-processor';
import { silentLogger, type Logger } from '../observability/logger';
import type { Counter, Metrics } from '../observability/metrics';
import type { RuleBook } from '../rules/compile/rule-book';
import { evaluateEvent, type Evaluation } from '../rules/evaluate/evaluate-event';
import { stepSession } from './session-step';
import { StoreUnavailableError, type SessionStore } from '../session/session-store';

/** The variable that identifies a session by default (configurable: `--session-key`). */
export const DEFAULT_SESSION_KEY = 'state.sessionId';

export interface RuleProcessorOptions {
  metrics: Metrics;
  /** Without a store every event is served statelessly. */
  store?: SessionStore;
  sessionKey?: string;
  /** Keys the engine updates itself, left out of deltas (default `state.*`). */
  automaticKeys?: readonly string[];
  logger?: Logger;
}

/**
 * Answers events with the compiled rules and, when the event names its session,
 * the session's state: the delta since the session's previous event (for
 * `changed`), the `once` rules already fired, and the effective filter sent so
 * far. Events without a session id, or arriving while the store is unavailable,
 * are served statelessly (no delta, no `once` memory, the filter of this event only).
 */
export class RuleProcessor implements EventProcessor {
  private readonly store: SessionStore | undefined;
  private readonly sessionKey: string;
  private readonly isAutomatic: KeyTest;
  private readonly logger: Logger;
  private readonly missingTemplateVariables: Counter;
  private readonly firedRules: Counter;
  private readonly withoutSession: Counter;
  private readonly storeUnavailable: Counter;

  constructor(
    readonly book: RuleBook,
    options: RuleProcessorOptions,
  ) {
    const m = options.metrics;
    this.store = options.store;
    this.sessionKey = options.sessionKey ?? DEFAULT_SESSION_KEY;
    this.isAutomatic = createAutomaticKeyTest(options.automaticKeys);
    this.logger = options.logger ?? silentLogger;
    this.missingTemplateVariables = m.counter(
      'rulehook_template_missing_variables_total',
      'Template placeholders rendered empty because the variable was missing and had no fallback.',
    );
    this.firedRules = m.counter('rulehook_rules_fired_total', 'Rules fired, all rules together.');
    this.withoutSession = m.counter(
      'rulehook_events_without_session_total',
      'Events served statelessly because they carry no session id.',
    );
    this.storeUnavailable = m.counter(
      'rulehook_session_store_unavailable_total',
      'Events served statelessly because the session store did not answer in time.',
    );
  }

  process(event: Event): EventOutcome | Promise<EventOutcome> {
    const variables = event.session_variables;
    const sessionId = variables[this.sessionKey];
    if (this.store === undefined) return this.answer(evaluateEvent(this.book, variables));
    if (typeof sessionId !== 'string' || sessionId === '') {
      this.withoutSession.inc();
      return this.answer(evaluateEvent(this.book, variables));
    }
    return this.store
      .update(sessionId, (state) => {
        const step = stepSession(this.book, state, variables, this.isAutomatic);
        return { next: step.next, result: step.evaluation };
      })
      .then(
        (evaluation) => this.answer(evaluation),
        (error: unknown) => {
          if (!(error instanceof StoreUnavailableError)) throw error;
          this.storeUnavailable.inc();
          this.logger.warn('session store unavailable; event served statelessly', {
            session: sessionId,
            error: error.message,
          });
          return this.answer(evaluateEvent(this.book, variables));
        },
      );
  }

  private answer(evaluation: Evaluation): EventOutcome {
    if (evaluation.missingTemplateVariables > 0)
      this.missingTemplateVariables.inc(evaluation.missingTemplateVariables);
    if (evaluation.fired.length > 0) this.firedRules.inc(evaluation.fired.length);
    return { response: evaluation.response, fired: evaluation.fired };
  }
}
