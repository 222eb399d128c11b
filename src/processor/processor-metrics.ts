import type { Logger } from '../observability/logger';
import type { Counter, HistogramSeries, Metrics } from '../observability/metrics';
import { RateLimitedLog } from '../observability/rate-limited-log';
import type { RuleBook } from '../rules/compile/rule-book';
import { bindRuleCounters } from './rule-counters';

/**
 * Upper bounds of rulehook_event_duration_seconds, in seconds: evaluations take microseconds, and
 * --eval-budget (50 ms by default) stops them within a few ms past it.
 */
export const EVALUATION_BUCKETS = [
  0.00001, 0.000025, 0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25,
];

/** What the rule processor counts and logs; warnings that may recur on every event are rate-limited. */
export class ProcessorMetrics {
  readonly missingTemplateVariables: Counter;
  /** By `ruleset/rule` id: the counters a rule adds to when it fires (rule-counters.ts). */
  readonly ruleCounters: ReadonlyMap<string, readonly Counter[]>;
  /** Observes seconds. */
  readonly evaluationSeconds: HistogramSeries;
  readonly withoutSession: Counter;
  readonly storeUnavailable: Counter;
  readonly invalidState: Counter;
  readonly rolledBack: Counter;
  readonly overBudget: Counter;
  readonly storeLog: RateLimitedLog;
  readonly invalidStateLog: RateLimitedLog;
  readonly rolledBackLog: RateLimitedLog;
  readonly unusableSessionLog: RateLimitedLog;

  constructor(m: Metrics, logger: Logger, book: RuleBook) {
    this.missingTemplateVariables = m.counter(
      'rulehook_template_missing_variables_total',
      'Template placeholders rendered empty because the variable was missing and had no fallback.',
    );
    this.ruleCounters = bindRuleCounters(book, m);
    this.evaluationSeconds = m
      .histogram(
        'rulehook_event_duration_seconds',
        'Time to evaluate the rules on one event and step its session state (not the session store, not the wire).',
        EVALUATION_BUCKETS,
      )
      .labels();
    this.withoutSession = m.counter(
      'rulehook_events_without_session_total',
      'Events without a usable session id (absent, empty, too long, or with control characters).',
    );
    this.storeUnavailable = m.counter(
      'rulehook_session_store_unavailable_total',
      'Events without carried state whose store lookup did not answer in time (answered as first events).',
    );
    this.invalidState = m.counter(
      'rulehook_carried_state_corrupt_total',
      'Events whose carried rulehook variables could not be read or were not sealed by this secret (reset).',
    );
    this.rolledBack = m.counter(
      'rulehook_carried_state_rolled_back_total',
      'Events carrying a sealed state older than the newest the store saw sealed for their call (refused).',
    );
    this.overBudget = m.counter(
      'rulehook_evaluation_budget_exceeded_total',
      'Events whose evaluation ran past --eval-budget (answered by the fail policy).',
    );
    this.storeLog = new RateLimitedLog(
      logger,
      'warn',
      'session store unavailable; event answered as the first of its session',
    );
    this.invalidStateLog = new RateLimitedLog(
      logger,
      'warn',
      'carried session state unreadable or not sealed by this secret; reset',
    );
    this.rolledBackLog = new RateLimitedLog(
      logger,
      'warn',
      'carried session state older than the newest sealed for its call; refused, the stored state used',
    );
    this.unusableSessionLog = new RateLimitedLog(
      logger,
      'warn',
      'event session id unusable (too long, or control characters); no state kept for it',
    );
  }
}
