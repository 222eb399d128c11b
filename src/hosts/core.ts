import type { Event } from '../contract/types';
import { formatFiredRules } from '../contract/fired-rules';
import { emptyProcessor, type EventOutcome, type EventProcessor } from '../processor/event-processor';
import { Metrics, type Counter } from '../observability/metrics';
import { silentLogger, type Logger } from '../observability/logger';
import { RateLimitedLog } from '../observability/rate-limited-log';
import { CoreMetrics } from './core-metrics';
import type { CoreOptions } from './core-options';
import type { HostReply, HostRequest } from './host-request';
import { DEFAULT_CLIENT_SHARE_PERCENT, reportClientShare } from './client-counts';
import { DEFAULT_MAX_INFLIGHT_EVENTS, EventAdmission } from './event-admission';
import type { RulesReload } from './rules-reload';
import { EventReports } from './event-reports';
import { processEvent, type EventProcessing } from './process-event';
import { Readiness } from './readiness';

/**
 * `onEvent`: the one path both hosts call, once per request, valid or not, so
 * that no counting or behaviour can differ between HTTP and gRPC. Hosts
 * decode, call `onEvent`, and send what it returns.
 */
export class WebhookCore {
  readonly metrics: Metrics;
  /** The bound on events in flight: hosts admit each request before reading it, and release it once answered. */
  readonly admission: EventAdmission;
  /** Loading, ready or draining: what the probes and the gRPC health service report. */
  readonly readiness = new Readiness();
  private readonly logger: Logger;
  private readonly exposeFiredRules: boolean;
  /** How each answer is counted, reported and failed: built once, handed to `processEvent` per event. */
  private readonly processing: EventProcessing;
  /** Reloads the rules (`POST /admin/reload`); undefined where the server does not. */
  readonly rulesReload: RulesReload | undefined;
  private readonly counts: CoreMetrics;
  private processor: EventProcessor | undefined;
  private rulesRevision = '';
  private readonly tap: ((event: Event) => void) | undefined;
  private readonly reports: EventReports;

  constructor(options: CoreOptions = {}) {
    this.metrics = options.metrics ?? new Metrics();
    const logger = options.logger ?? silentLogger;
    this.logger = logger;
    this.exposeFiredRules = options.exposeFiredRules ?? false;
    this.reports = new EventReports(
      logger,
      options.maskVariables ?? ((variables) => variables),
      options.decisionTap,
    );
    this.tap = options.eventTap;
    this.rulesReload = options.rulesReload;
    this.counts = new CoreMetrics(this.metrics, { revision: () => this.rulesRevision });
    this.admission = new EventAdmission(
      options.maxInflightEvents ?? DEFAULT_MAX_INFLIGHT_EVENTS,
      this.counts.admissionShed,
      options.clientSharePercent ?? DEFAULT_CLIENT_SHARE_PERCENT,
      reportClientShare(
        logger,
        'events refused: their address has its --client-share of the events in flight',
      ),
    );
    this.counts.watchInFlight(this.admission);
    this.processing = {
      counts: this.counts,
      reports: this.reports,
      failureLog: new RateLimitedLog(logger, 'error', 'event processing failed; answered by the fail policy'),
      failPolicy: options.failPolicy ?? 'open',
    };
    if (options.processor !== undefined) this.setProcessor(options.processor, options.revision);
  }

  /** True once rules are loaded and until draining begins: the readiness probe. */
  get ready(): boolean {
    return this.readiness.status === 'ready';
  }

  /** The revision (content hash) of the rule set being served; empty before rules are loaded. */
  get revision(): string {
    return this.rulesRevision;
  }

  /**
   * Installs (or replaces) the processor and the revision of the rules it runs;
   * in-flight events finish with the processor they started with.
   */
  setProcessor(processor: EventProcessor, revision = ''): void {
    this.counts.bindEventNames(processor.eventNames ?? []);
    this.processor = processor;
    this.rulesRevision = revision;
    this.readiness.markLoaded();
  }

  /**
   * Readiness false from now on (`/readyz` 503, gRPC health NOT_SERVING), while events are still
   * answered: the start of a graceful shutdown, so that load balancers stop sending events first.
   */
  startDraining(): void {
    this.readiness.markDraining();
  }

  /** A counter of one cause of load shedding that also counts the request's `shed` outcome. */
  countShed(cause: Counter): Counter {
    return this.counts.countShed(cause);
  }

  /**
   * `requestId`: the caller's id of the request (`x-request-id`), already checked by the host
   * (`readRequestId`); one is generated when it sent none. It is in every log line about the event and
   * in its decision.
   */
  async onEvent<E>(request: HostRequest<E>, requestId?: string): Promise<HostReply<E>> {
    return this.answer(request, requestId);
  }

  /**
   * `onEvent`, answered at once when the processor answers at once (a store in this process, or none):
   * the HTTP host's hot path, which saves the promise and the turns of the microtask queue per event.
   */
  answer<E>(request: HostRequest<E>, requestId?: string): HostReply<E> | Promise<HostReply<E>> {
    if (!request.ok) {
      this.counts.invalid.inc();
      return request;
    }
    if (request.unknownFields > 0) this.counts.unknownFields.inc(request.unknownFields);
    const outcome = this.processEvent(request.value, requestId, request.names);
    return outcome instanceof Promise ? outcome.then((done) => this.reply(done)) : this.reply(outcome);
  }

  private reply({ response, fired }: EventOutcome): HostReply<never> {
    return { ok: true, response, firedRules: this.exposeFiredRules ? formatFiredRules(fired) : undefined };
  }

  private processEvent(
    event: Event,
    callerId: string | undefined,
    names: readonly string[] | undefined,
  ): EventOutcome | Promise<EventOutcome> {
    const requestId = this.tap === undefined ? callerId : this.tapEvent(this.tap, event, callerId);
    // Read together: a reload replaces both, and an event is answered and reported by the rules it started with.
    return processEvent(
      this.processing,
      this.processor ?? emptyProcessor,
      this.rulesRevision,
      event,
      requestId,
      names,
    );
  }

  /** Returns the request id, generated if the tap failed and the caller sent none (the failure's line has it). */
  private tapEvent(
    tap: (event: Event) => void,
    event: Event,
    requestId: string | undefined,
  ): string | undefined {
    try {
      tap(event);
      return requestId;
    } catch (error) {
      const id = requestId ?? this.reports.nextId();
      this.logger.error('event tap failed', {
        request_id: id,
        revision: this.rulesRevision,
        error: String((error as Error)?.stack ?? error),
      });
      return id;
    }
  }
}
