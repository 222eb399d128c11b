import type { Event } from '../contract';
import { createAutomaticKeyTest } from '../filter';
import { silentLogger, type Logger } from '../observability/logger';
import { RateLimitedLog } from '../observability/rate-limited-log';
import type { Counter, Metrics } from '../observability/metrics';
import { EvaluationBudgetExceededError } from '../rules/compile/evaluation-budget';
import type { RuleBook } from '../rules/compile/rule-book';
import { readCarriedState } from '../session/carried-state';
import { createFingerprint } from '../session/fingerprint';
import type { SessionState } from '../session/session-state';
import { StoreUnavailableError, type SessionStore } from '../session/session-store';
import { answerEvent } from './answer-event';
import type { EventOutcome, EventProcessor } from './event-processor';
import type { SessionStep, SessionStepOptions } from './session-step';

/**
 * Default of `--eval-budget`, in ms: a thousand times what a large rule set
 * takes on one event, small enough that a stalled evaluation is cut off before
 * the engine's own timeout for the webhook.
 */
export const DEFAULT_EVALUATION_BUDGET_MS = 50;

/** The variable that identifies a session by default (configurable: `--session-key`). */
export const DEFAULT_SESSION_KEY = 'state.sessionId';

export interface RuleProcessorOptions {
  metrics: Metrics;
  /** Where state is kept for events that do not carry it (an engine that does not return rulehook's variables). */
  store?: SessionStore;
  sessionKey?: string;
  /** Keys the engine updates itself, left out of deltas (default `state.*`). */
  automaticKeys?: readonly string[];
  /** Keys the fingerprints of watched variables (`--state-secret`). */
  stateSecret?: string;
  /** The longest the rules may take on one event, in ms (`--eval-budget`); unbounded when absent. */
  evaluationBudgetMs?: number;
  logger?: Logger;
}

/**
 * Answers events with the compiled rules and the session's state. The state
 * travels with the session (rulehook's own variables, which the engine sends
 * back with every event), so any process, after any restart, continues a
 * session where it was. An event that carries no state falls back to the store
 * by its session id; without either it is the first event of its session.
 */
export class RuleProcessor implements EventProcessor {
  private readonly store: SessionStore | undefined;
  private readonly sessionKey: string;
  private readonly stepOptions: SessionStepOptions;
  private readonly storeLog: RateLimitedLog;
  private readonly corruptLog: RateLimitedLog;
  private readonly counters: Record<
    | 'missingTemplateVariables'
    | 'firedRules'
    | 'withoutSession'
    | 'storeUnavailable'
    | 'corruptState'
    | 'overBudget',
    Counter
  >;

  constructor(
    readonly book: RuleBook,
    options: RuleProcessorOptions,
  ) {
    const m = options.metrics;
    this.store = options.store;
    this.sessionKey = options.sessionKey ?? DEFAULT_SESSION_KEY;
    this.stepOptions = {
      isAutomatic: createAutomaticKeyTest(options.automaticKeys),
      fingerprint: createFingerprint(options.stateSecret),
      ...(options.evaluationBudgetMs === undefined ? {} : { budgetMs: options.evaluationBudgetMs }),
    };
    const logger = options.logger ?? silentLogger;
    this.storeLog = new RateLimitedLog(
      logger,
      'warn',
      'session store unavailable; event answered as the first of its session',
    );
    this.corruptLog = new RateLimitedLog(
      logger,
      'warn',
      'carried session state unreadable; the session starts over',
    );
    this.counters = {
      missingTemplateVariables: m.counter(
        'rulehook_template_missing_variables_total',
        'Template placeholders rendered empty because the variable was missing and had no fallback.',
      ),
      firedRules: m.counter('rulehook_rules_fired_total', 'Rules fired, all rules together.'),
      withoutSession: m.counter('rulehook_events_without_session_total', 'Events that carry no session id.'),
      storeUnavailable: m.counter(
        'rulehook_session_store_unavailable_total',
        'Events without carried state whose store lookup did not answer in time (answered as first events).',
      ),
      corruptState: m.counter(
        'rulehook_carried_state_corrupt_total',
        'Events whose carried rulehook variables could not be read (the session starts over).',
      ),
      overBudget: m.counter(
        'rulehook_evaluation_budget_exceeded_total',
        'Events whose evaluation ran past --eval-budget (answered by the fail policy).',
      ),
    };
  }

  process(event: Event): EventOutcome | Promise<EventOutcome> {
    const variables = event.session_variables;
    const sessionId = variables[this.sessionKey];
    const hasSessionId = typeof sessionId === 'string' && sessionId !== '';
    if (!hasSessionId) this.counters.withoutSession.inc();
    const carried = readCarriedState(variables);
    if (carried.kind === 'state') return this.answer(variables, carried.state);
    if (carried.kind === 'corrupt') {
      this.counters.corruptState.inc();
      this.corruptLog.log({ variable: carried.key });
    }
    if (this.store === undefined || !hasSessionId) return this.answer(variables, undefined);
    return this.store
      .update(sessionId, (stored) => {
        const step = this.step(variables, stored);
        return { next: step.next, result: step };
      })
      .then(
        (step) => this.outcome(step),
        (error: unknown) => {
          if (!(error instanceof StoreUnavailableError)) throw error;
          this.counters.storeUnavailable.inc();
          this.storeLog.log({ session: sessionId, error: error.message });
          return this.answer(variables, undefined);
        },
      );
  }

  private step(variables: Event['session_variables'], state: SessionState | undefined): SessionStep {
    try {
      return answerEvent(this.book, variables, state, { ...this.stepOptions, now: Date.now() });
    } catch (error) {
      if (error instanceof EvaluationBudgetExceededError) this.counters.overBudget.inc();
      throw error;
    }
  }

  private answer(variables: Event['session_variables'], state: SessionState | undefined): EventOutcome {
    return this.outcome(this.step(variables, state));
  }

  private outcome({ evaluation }: SessionStep): EventOutcome {
    if (evaluation.missingTemplateVariables > 0)
      this.counters.missingTemplateVariables.inc(evaluation.missingTemplateVariables);
    if (evaluation.fired.length > 0) this.counters.firedRules.inc(evaluation.fired.length);
    return { response: evaluation.response, fired: evaluation.fired };
  }
}
