import { CURRENT_EVENT_KEY, type Event } from '../contract/types';
import type { EventDecision, VariableMask } from '../contract/decision-line';
import type { Logger } from '../observability/logger';
import type { EventOutcome } from '../processor/event-processor';
import { RequestIds } from './request-id';

/**
 * What the core says about each event once it is answered: a debug log line, and the decision given to
 * the decision tap (`serve --decision-log`). Both are optional; when neither is wanted, an event costs
 * nothing here, not even a clock reading (`wanted` is asked first).
 */
export class EventReports {
  /** Sees every decision; it must only queue it (the answer is written after it returns). */
  private readonly ids = new RequestIds();

  constructor(
    private readonly logger: Logger,
    /** Masks personal variables in the debug line (`--mask`). */
    private readonly mask: VariableMask,
    private readonly tap: ((decision: EventDecision) => void) | undefined,
  ) {}

  /** Whether the next event's outcome is reported: a decision tap is set, or debug lines are written. */
  wanted(): boolean {
    return this.tap !== undefined || (this.logger.isLevelEnabled?.('debug') ?? true);
  }

  /** A generated request id, for an event whose caller sent none. */
  nextId(): string {
    return this.ids.next();
  }

  report(event: Event, outcome: EventOutcome, requestId: string, revision: string, durationMs: number): void {
    const decision: EventDecision = {
      time: Date.now(),
      requestId,
      revision,
      durationMs,
      variables: event.session_variables,
      fired: outcome.fired,
      response: outcome.response,
    };
    if (this.logger.isLevelEnabled?.('debug') ?? true) this.logDecision(decision);
    const tap = this.tap;
    if (tap === undefined) return;
    try {
      tap(decision);
    } catch (error) {
      this.logger.error('decision tap failed', {
        request_id: requestId,
        revision,
        error: String((error as Error)?.stack ?? error),
      });
    }
  }

  /** The debug line of one event: what its decision holds, the variables masked. */
  private logDecision(decision: EventDecision): void {
    this.logger.debug('event answered', {
      request_id: decision.requestId,
      revision: decision.revision,
      event: decision.variables[CURRENT_EVENT_KEY],
      fired: decision.fired,
      result_code: decision.response.result_code,
      duration_ms: Math.round(decision.durationMs * 1000) / 1000,
      variables: this.mask(decision.variables),
    });
  }
}
