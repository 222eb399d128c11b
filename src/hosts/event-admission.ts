import { formatCount } from '../contract/event-limits';
import type { Counter } from '../observability/metrics';

/** How long a refused client is asked to wait: HTTP `Retry-After`, gRPC `grpc-retry-pushback-ms`. */
export const RETRY_AFTER_SECONDS = 1;

export const DEFAULT_MAX_INFLIGHT_EVENTS = 1000;

/**
 * The bound on events in flight in one process, both hosts together
 * (`--max-inflight-events`). An event is in flight from the moment its request
 * is accepted (HTTP headers read, gRPC call started) until its answer is
 * written: uploading, waiting for the session store, being evaluated. Beyond
 * the bound a request is refused at once, before its body is read, so that
 * refusing costs almost nothing and the events already admitted keep their
 * pace. Every `tryAdmit` that answers true must be matched by one `release`.
 */
export class EventAdmission {
  private inFlight = 0;

  constructor(
    readonly max: number,
    private readonly shed: Counter,
  ) {}

  /** Events admitted and not yet released. */
  get count(): number {
    return this.inFlight;
  }

  /** Admits one more event, or counts it as shed and answers false. */
  tryAdmit(): boolean {
    if (this.inFlight >= this.max) {
      this.shed.inc();
      return false;
    }
    this.inFlight++;
    return true;
  }

  release(): void {
    this.inFlight--;
  }

  /** Why a request was refused: the HTTP 429 message and the gRPC RESOURCE_EXHAUSTED details. */
  describeRefusal(): string {
    return `too many events in flight: ${formatCount(this.max)} are being received or processed (--max-inflight-events); retry in ${RETRY_AFTER_SECONDS} s`;
  }
}
