import {
  createEmptyResponse,
  type CustomLogicResponse,
  type Event,
  type EventDecision,
  type VariableMask,
} from '../contract';
import { formatFiredRules } from '../contract/fired-rules';
import { emptyProcessor, type EventOutcome, type EventProcessor } from '../processor/event-processor';
import { Metrics, type Counter } from '../observability/metrics';
import { silentLogger, type Logger } from '../observability/logger';
import { RateLimitedLog } from '../observability/rate-limited-log';
import { DEFAULT_MAX_INFLIGHT_EVENTS, EventAdmission } from './event-admission';
import type { RulesReload } from './rules-reload';
import { EventReports } from './event-reports';

/** result_code sent by the `closed` fail policy: still an answer, never a hang. */
export const RESULT_CODE_INTERNAL_ERROR = 500;

/**
 * What an event gets when its processing fails (a throw, or evaluation past
 * its budget): `open` answers result_code 200 with no instruction, so the call
 * goes on as it would without a webhook; `closed` answers result_code 500.
 */
export type FailPolicy = 'open' | 'closed';

/**
 * One request as its host read it: a decoded event and how many unknown fields
 * were ignored, or why the request is invalid, in the host's own terms (`E`).
 */
export type HostRequest<E> = { ok: true; value: Event; unknownFields: number } | { ok: false; error: E };

/**
 * What the host must send: the response and the `rulehook-fired` value, or the error. The value is
 * undefined when fired rules are not exposed (no header or trailer is sent), and empty when they are
 * and none fired.
 */
export type HostReply<E> =
  { ok: true; response: CustomLogicResponse; firedRules: string | undefined } | { ok: false; error: E };

export interface CoreOptions {
  processor?: EventProcessor;
  metrics?: Metrics;
  logger?: Logger;
  /** Default `open`. */
  failPolicy?: FailPolicy;
  /** Most events in flight at once, both hosts together (`--max-inflight-events`). */
  maxInflightEvents?: number;
  /**
   * Send the rules that fired in `rulehook-fired` (`--expose-fired`). Default false: the list tells a
   * caller which rules its events meet, a map for getting around them.
   */
  exposeFiredRules?: boolean;
  /** Masks personal variables in the debug line of each event (`--mask`); default: none masked. */
  maskVariables?: VariableMask;
}

/**
 * `onEvent`: the one path both hosts call, once per request, valid or not, so
 * that no counting or behaviour can differ between HTTP and gRPC. Hosts
 * decode, call `onEvent`, and send what it returns.
 */
export class WebhookCore {
  readonly metrics: Metrics;
  /** The bound on events in flight: hosts admit each request before reading it, and release it once answered. */
  readonly admission: EventAdmission;
  private readonly logger: Logger;
  private readonly failPolicy: FailPolicy;
  private readonly exposeFiredRules: boolean;
  private readonly failureLog: RateLimitedLog;
  /** Reloads the rules (`POST /admin/reload`); set by the server that can. */
  rulesReload: RulesReload | undefined;
  private processor: EventProcessor | undefined;
  private rulesRevision = '';
  private tap: ((event: Event) => void) | undefined;
  private readonly reports: EventReports;
  private readonly events: Counter;
  private readonly failures: Counter;
  private readonly invalid: Counter;
  private readonly unknownFields: Counter;

  constructor(options: CoreOptions = {}) {
    this.metrics = options.metrics ?? new Metrics();
    const logger = options.logger ?? silentLogger;
    this.logger = logger;
    this.failPolicy = options.failPolicy ?? 'open';
    this.exposeFiredRules = options.exposeFiredRules ?? false;
    this.failureLog = new RateLimitedLog(
      logger,
      'error',
      'event processing failed; answered by the fail policy',
    );
    this.processor = options.processor;
    this.reports = new EventReports(logger, options.maskVariables ?? ((variables) => variables));
    this.events = this.metrics.counter('rulehook_events_total', 'Events answered.');
    this.failures = this.metrics.counter(
      'rulehook_event_failures_total',
      'Events whose processing failed or ran past its budget (answered by the fail policy).',
    );
    this.invalid = this.metrics.counter(
      'rulehook_invalid_events_total',
      'Requests rejected as malformed or invalid.',
    );
    this.unknownFields = this.metrics.counter(
      'rulehook_unknown_fields_total',
      'Unknown fields ignored in decoded events.',
    );
    this.admission = new EventAdmission(
      options.maxInflightEvents ?? DEFAULT_MAX_INFLIGHT_EVENTS,
      this.metrics.counter(
        'rulehook_shed_events_total',
        'Requests refused at once because --max-inflight-events events were in flight (HTTP 429, gRPC RESOURCE_EXHAUSTED).',
      ),
    );
  }

  /** True once rules are loaded: the readiness probe. */
  get ready(): boolean {
    return this.processor !== undefined;
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
    this.processor = processor;
    this.rulesRevision = revision;
  }

  /**
   * Installs (or removes) a function that sees every decoded event before it is
   * processed (`serve --record`). It must be quick and must not keep the event
   * waiting; a throw is logged and ignored, never failing the event.
   */
  setEventTap(tap: ((event: Event) => void) | undefined): void {
    this.tap = tap;
  }

  /**
   * Installs (or removes) a function that sees what was decided for every event answered, with its
   * request id, revision and duration (`serve --decision-log`). It is called once the outcome is known,
   * before the host writes the answer: it must only queue the decision (serializing and writing come
   * after the answer); a throw is logged and ignored, never failing the event.
   */
  setDecisionTap(tap: ((decision: EventDecision) => void) | undefined): void {
    this.reports.tap = tap;
  }

  /**
   * `requestId`: the caller's id of the request (`x-request-id`), already checked by the host
   * (`readRequestId`); one is generated when it sent none. It is in every log line about the event and
   * in its decision.
   */
  async onEvent<E>(request: HostRequest<E>, requestId?: string): Promise<HostReply<E>> {
    if (!request.ok) {
      this.invalid.inc();
      return request;
    }
    if (request.unknownFields > 0) this.unknownFields.inc(request.unknownFields);
    const { response, fired } = await this.processEvent(request.value, requestId);
    return { ok: true, response, firedRules: this.exposeFiredRules ? formatFiredRules(fired) : undefined };
  }

  private async processEvent(event: Event, callerId: string | undefined): Promise<EventOutcome> {
    this.events.inc();
    // Read together: a reload replaces both, and an event is answered and reported by the rules it started with.
    const processor = this.processor ?? emptyProcessor;
    const revision = this.rulesRevision;
    let requestId = callerId;
    if (this.tap !== undefined) requestId = this.tapEvent(this.tap, event, requestId);
    const reported = this.reports.wanted();
    const start = reported ? performance.now() : 0;
    let outcome: EventOutcome;
    try {
      outcome = await processor.process(event);
    } catch (error) {
      this.failures.inc();
      requestId ??= this.reports.nextId();
      this.failureLog.log({
        request_id: requestId,
        revision,
        policy: this.failPolicy,
        error: String((error as Error)?.stack ?? error),
      });
      const response = createEmptyResponse();
      if (this.failPolicy === 'closed') response.result_code = RESULT_CODE_INTERNAL_ERROR;
      outcome = { response, fired: [] };
    }
    if (reported)
      this.reports.report(
        event,
        outcome,
        requestId ?? this.reports.nextId(),
        revision,
        performance.now() - start,
      );
    return outcome;
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
