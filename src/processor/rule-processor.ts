import type { Event } from '../contract';
import type { EventOutcome, EventProcessor } from '../hosts/core';
import type { Counter, Metrics } from '../observability/metrics';
import type { RuleBook } from '../rules/compile/rule-book';
import { evaluateEvent } from '../rules/evaluate/evaluate-event';

/**
 * Answers events with the compiled rules. Stateless for now: each event is its
 * own session (no delta, no `once` memory, the filter from this event only).
 */
export class RuleProcessor implements EventProcessor {
  private readonly missingTemplateVariables: Counter;
  private readonly firedRules: Counter;

  constructor(
    readonly book: RuleBook,
    metrics: Metrics,
  ) {
    this.missingTemplateVariables = metrics.counter(
      'rulehook_template_missing_variables_total',
      'Template placeholders rendered empty because the variable was missing and had no fallback.',
    );
    this.firedRules = metrics.counter('rulehook_rules_fired_total', 'Rules fired, all rules together.');
  }

  process(event: Event): EventOutcome {
    const evaluation = evaluateEvent(this.book, event.session_variables);
    if (evaluation.missingTemplateVariables > 0)
      this.missingTemplateVariables.inc(evaluation.missingTemplateVariables);
    if (evaluation.fired.length > 0) this.firedRules.inc(evaluation.fired.length);
    return { response: evaluation.response, fired: evaluation.fired };
  }
}
