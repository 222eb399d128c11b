import { performance } from 'node:perf_hooks';
import type { Event } from '../contract/types';
import { createAutomaticKeyTest } from '../filter/delta';
import type { EngineModel } from '../filter/engine-model';
import { silentLogger, type Logger } from '../observability/logger';
import type { Metrics } from '../observability/metrics';
import { EvaluationBudgetExceededError } from '../rules/compile/evaluation-budget';
import type { RuleBook } from '../rules/compile/rule-book';
import {
  carriesState,
  isWritten,
  readCarriedState,
  refuseCarriedState,
  type CarriedState,
  type CarryOptions,
  type StateUse,
} from '../session/carried-state';
import { createFingerprint } from '../session/fingerprint';
import type { SessionState } from '../session/session-state';
import { StateSeal } from '../session/state-seal';
import { StoreUnavailableError, type SessionStore, type SessionUpdate } from '../session/session-store';
import type { MissingStateWatch } from '../session/missing-state-watch';
import { answerEvent, findStateUse, keepsState, type AnswerOptions } from './answer-event';
import { DEFAULT_SESSION_KEY, readSessionId, type UnusableSessionId } from './session-key';
import type { EventOutcome, EventProcessor } from './event-processor';
import { ProcessorMetrics } from './processor-metrics';
import { countFiredRules } from './rule-counters';
import { isRolledBack } from './rolled-back';
import type { SessionStep } from './session-step';

/**
 * Default of `--eval-budget`, in ms: a thousand times what a large rule set
 * takes on one event, small enough that a stalled evaluation is cut off before
 * the engine's own timeout for the webhook.
 */
export const DEFAULT_EVALUATION_BUDGET_MS = 50;

export { DEFAULT_SESSION_KEY } from './session-key';

/** A session's step, and whether the store refused the state the event carried as rolled back. */
interface Stepped {
  step: SessionStep;
  rolledBack: boolean;
}

export interface RuleProcessorOptions {
  metrics: Metrics;
  /** Where state is kept for events that do not carry it (an engine that does not return rulehook's variables). */
  store?: SessionStore;
  /**
   * Without a store (`--state none`): notes the calls seen holding carried state, and counts their events
   * that arrive without it. One per process, shared by the processors of successive rule sets.
   */
  missingState?: MissingStateWatch;
  sessionKey?: string;
  /** Keys the engine updates itself, left out of deltas (default `state.*`). */
  automaticKeys?: readonly string[];
  /** Keys the fingerprints of watched variables (`--state-secret`). */
  stateSecret?: string;
  /** The longest the rules may take on one event, in ms (`--eval-budget`); unbounded when absent. */
  evaluationBudgetMs?: number;
  /** Whether the engine counts the webhook's own updates as changes (`--engine own_updates=…`). */
  ownUpdates?: EngineModel['ownUpdates'];
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
  private readonly missingState: MissingStateWatch | undefined;
  private readonly sessionKey: string;
  private readonly options: Omit<AnswerOptions, 'carry'>;
  private readonly use: StateUse;
  private readonly seal: StateSeal | undefined;
  private readonly metrics: ProcessorMetrics;

  constructor(
    readonly book: RuleBook,
    options: RuleProcessorOptions,
  ) {
    this.use = findStateUse(book);
    // A rule set that keeps no state has nothing to look up: no store is asked.
    this.store = keepsState(this.use) ? options.store : undefined;
    this.missingState = keepsState(this.use) && this.store === undefined ? options.missingState : undefined;
    this.sessionKey = options.sessionKey ?? DEFAULT_SESSION_KEY;
    this.options = {
      isAutomatic: createAutomaticKeyTest(options.automaticKeys),
      fingerprint: createFingerprint(options.stateSecret),
      ...(options.evaluationBudgetMs === undefined ? {} : { budgetMs: options.evaluationBudgetMs }),
      ...(options.ownUpdates === undefined ? {} : { ownUpdates: options.ownUpdates }),
    };
    this.seal =
      options.stateSecret === undefined ? undefined : new StateSeal(options.stateSecret, this.sessionKey);
    this.metrics = new ProcessorMetrics(options.metrics, options.logger ?? silentLogger, book);
  }

  get eventNames(): ReadonlySet<string> {
    return this.book.eventNames;
  }

  process(event: Event, names?: readonly string[]): EventOutcome | Promise<EventOutcome> {
    const variables = event.session_variables;
    const { id: sessionId, unusable } = readSessionId(variables, this.sessionKey);
    if (unusable !== undefined) this.countWithoutSession(unusable);
    const carry: CarryOptions = { use: this.use, seal: this.seal, sessionId };
    const carried = readCarriedState(variables, carry);
    if (carried.invalid.length > 0) {
      this.metrics.invalidState.inc();
      this.metrics.invalidStateLog.log({ session: sessionId, parts: carried.invalid });
    }
    // Unsealed, a carried state is taken as it comes; sealed, a store that remembers a newer one for the
    // call overrides it (a rolled-back state), so the store is asked on every event that has a session.
    const asksStore = carried.state === undefined || this.seal !== undefined;
    if (this.store === undefined || sessionId === '' || !asksStore) {
      const step = this.step(variables, names, carried.state, carried, carry);
      if (sessionId !== '')
        this.missingState?.observe(
          sessionId,
          variables,
          carried,
          step.evaluation.response.session_variable_updates,
        );
      return this.outcome(step);
    }
    const change = (stored: SessionState | undefined): SessionUpdate<Stepped> => {
      const rolledBack = isRolledBack(carried, stored);
      const from = rolledBack ? refuseCarriedState(carry) : carried;
      // An event that carries none of a state an answer wrote: the engine does not keep rulehook's
      // variables, and the answer writes none (the store goes on holding the call's state).
      const writesState = stored === undefined || carriesState(variables) || !isWritten(stored, this.use);
      const step = this.step(variables, names, from.state ?? stored, from, carry, writesState);
      return { next: step.next, result: { step, rolledBack } };
    };
    if (this.store.updateNow !== undefined)
      return this.settle(sessionId, this.store.updateNow(sessionId, change));
    return this.store.update(sessionId, change).then(
      (stepped) => this.settle(sessionId, stepped),
      (error: unknown) => {
        if (!(error instanceof StoreUnavailableError)) throw error;
        this.metrics.storeUnavailable.inc();
        this.metrics.storeLog.log({ session: sessionId, error: error.message });
        return this.outcome(this.step(variables, names, carried.state, carried, carry));
      },
    );
  }

  private settle(sessionId: string, { step, rolledBack }: Stepped): EventOutcome {
    if (rolledBack) this.countRolledBack(sessionId);
    return this.outcome(step);
  }

  private countWithoutSession(reason: UnusableSessionId): void {
    this.metrics.withoutSession.inc();
    if (reason !== 'missing') this.metrics.unusableSessionLog.log({ reason });
  }

  private countRolledBack(sessionId: string): void {
    this.metrics.rolledBack.inc();
    this.metrics.rolledBackLog.log({ session: sessionId });
  }

  private step(
    variables: Event['session_variables'],
    names: readonly string[] | undefined,
    state: SessionState | undefined,
    carried: CarriedState,
    carry: CarryOptions,
    writesState = true,
  ): SessionStep {
    const started = performance.now();
    try {
      // Written out rather than spread from this.options: a spread followed by more properties takes
      // V8's slow path, about 2 us per object on Node 20.
      const options = this.options;
      return answerEvent(this.book, variables, state, carried, {
        isAutomatic: options.isAutomatic,
        fingerprint: options.fingerprint,
        budgetMs: options.budgetMs,
        ownUpdates: options.ownUpdates,
        carry,
        writesState,
        names,
        now: Date.now(),
      });
    } catch (error) {
      if (error instanceof EvaluationBudgetExceededError) this.metrics.overBudget.inc();
      throw error;
    } finally {
      this.metrics.evaluationSeconds.observe((performance.now() - started) / 1000);
    }
  }

  private outcome({ evaluation }: SessionStep): EventOutcome {
    if (evaluation.missingTemplateVariables > 0)
      this.metrics.missingTemplateVariables.inc(evaluation.missingTemplateVariables);
    if (evaluation.fired.length > 0) countFiredRules(this.metrics.ruleCounters, evaluation.fired);
    return { response: evaluation.response, fired: evaluation.fired };
  }
}
