import type { Logger } from '../observability/logger';
import type { Counter, Metrics } from '../observability/metrics';
import { RateLimitedLog } from '../observability/rate-limited-log';

/** What the rule processor counts and logs; warnings that may recur on every event are rate-limited. */
export class ProcessorMetrics {
  readonly missingTemplateVariables: Counter;
  readonly firedRules: Counter;
  readonly withoutSession: Counter;
  readonly storeUnavailable: Counter;
  readonly invalidState: Counter;
  readonly overBudget: Counter;
  readonly storeLog: RateLimitedLog;
  readonly invalidStateLog: RateLimitedLog;

  constructor(m: Metrics, logger: Logger) {
    this.missingTemplateVariables = m.counter(
      'rulehook_template_missing_variables_total',
      'Template placeholders rendered empty because the variable was missing and had no fallback.',
    );
    this.firedRules = m.counter('rulehook_rules_fired_total', 'Rules fired, all rules together.');
    this.withoutSession = m.counter(
      'rulehook_events_without_session_total',
      'Events that carry no session id.',
    );
    this.storeUnavailable = m.counter(
      'rulehook_session_store_unavailable_total',
      'Events without carried state whose store lookup did not answer in time (answered as first events).',
    );
    this.invalidState = m.counter(
      'rulehook_carried_state_corrupt_total',
      'Events whose carried rulehook variables could not be read or were not sealed by this secret (reset).',
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
  }
}
