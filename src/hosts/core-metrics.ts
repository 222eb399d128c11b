import { CURRENT_EVENT_KEY, type Event } from '../contract/types';
import { shortenRevision } from '../contract/rule-revision';
import { countInEach, type Counter, type LabeledCounter, type Metrics } from '../observability/metrics';
import type { AdmissionShedCounters } from './event-admission';

/**
 * What became of a request for an event, the `outcome` of rulehook_events_total: answered by the rules,
 * answered by the fail policy (`failed`), refused as malformed or invalid, refused for load (`shed`).
 */
export type RequestOutcome = 'answered' | 'failed' | 'invalid' | 'shed';

/** The `event` label of every name the rules do not know: callers cannot make the label take unbounded values. */
export const OTHER_EVENT = 'other';

/**
 * Event names with series of their own, at most: a catalog lists tens of events, a rule set names a
 * few; the rest (a generated rule set naming thousands) count as `other`.
 */
export const MAX_EVENT_LABELS = 1000;

/** The counters of one event name. */
export interface EventCounters {
  answered: Counter;
  failed: Counter;
}

/**
 * What the core counts. Every label value is bound once (at construction, and for event names when a
 * processor is installed): per event, counting is a lookup by name and a property increment.
 */
export class CoreMetrics {
  readonly failures: Counter;
  /** Invalid requests: rulehook_invalid_events_total and the `invalid` outcome. */
  readonly invalid: Counter;
  readonly unknownFields: Counter;
  /** Requests refused for --max-inflight-events or --client-share, by cause (and the `shed` outcome). */
  readonly admissionShed: AdmissionShedCounters;
  /** Requests refused for load: the counter of its cause (given to `countShed`) and the `shed` outcome. */
  private readonly shedOutcome: Counter;
  private readonly events: LabeledCounter;
  private readonly other: EventCounters;
  private byName: ReadonlyMap<string, EventCounters> = new Map();

  constructor(
    private readonly metrics: Metrics,
    rules: { revision(): string },
  ) {
    this.events = metrics.labeledCounter(
      'rulehook_events_total',
      'Requests for events, by event name (other: a name the rules do not know; empty: not read) and outcome (answered, failed: answered by the fail policy, invalid, shed).',
      ['event', 'outcome'],
    );
    this.other = this.bind(OTHER_EVENT);
    this.failures = metrics.counter(
      'rulehook_event_failures_total',
      'Events whose processing failed or ran past its budget (answered by the fail policy).',
    );
    this.invalid = countInEach(
      metrics.counter('rulehook_invalid_events_total', 'Requests rejected as malformed or invalid.'),
      this.events.labels('', 'invalid'),
    );
    this.unknownFields = metrics.counter(
      'rulehook_unknown_fields_total',
      'Unknown fields ignored in decoded events.',
    );
    this.shedOutcome = this.events.labels('', 'shed');
    this.admissionShed = {
      maxInflightEvents: this.countShed(
        metrics.counter(
          'rulehook_shed_events_total',
          'Requests refused at once because --max-inflight-events events were in flight (HTTP 429, gRPC RESOURCE_EXHAUSTED).',
        ),
      ),
      clientShare: this.countShed(
        metrics.counter(
          'rulehook_shed_client_share_total',
          'Requests refused at once because their remote address had its --client-share of --max-inflight-events in flight (HTTP 429, gRPC RESOURCE_EXHAUSTED).',
        ),
      ),
    };
    metrics.infoGauge(
      'rulehook_rules_revision_info',
      'The revision of the rule set being served (value 1), shortened as serve prints it.',
      'revision',
      () => (rules.revision() === '' ? undefined : shortenRevision(rules.revision())),
    );
  }

  /** The events in flight, read when scraped. */
  watchInFlight(admission: { readonly count: number }): void {
    this.metrics.gauge(
      'rulehook_events_in_flight',
      'Events being received or processed now, both hosts together (bounded by --max-inflight-events).',
      () => admission.count,
    );
  }

  /** A counter of one cause of shedding that also counts the `shed` outcome. */
  countShed(cause: Counter): Counter {
    return countInEach(cause, this.shedOutcome);
  }

  /**
   * Binds the counters of these event names (those of the processor being installed), the first
   * MAX_EVENT_LABELS of them: a rule set naming more still gives its metrics a bounded size.
   */
  bindEventNames(names: Iterable<string>): void {
    const byName = new Map<string, EventCounters>();
    for (const name of names) {
      if (byName.size === MAX_EVENT_LABELS) break;
      byName.set(name, this.bind(name));
    }
    this.byName = byName;
  }

  /** The counters of the event's name, or of `other`. */
  countersFor(event: Event): EventCounters {
    const name = event.session_variables[CURRENT_EVENT_KEY];
    return (name === undefined ? undefined : this.byName.get(name)) ?? this.other;
  }

  private bind(name: string): EventCounters {
    return { answered: this.events.labels(name, 'answered'), failed: this.events.labels(name, 'failed') };
  }
}
