import { formatCount } from '../contract/event-limits';
import type { Counter } from '../observability/metrics';
import { ClientCounts, shareOf } from './client-counts';

/** How long a refused client is asked to wait: HTTP `Retry-After`, gRPC `grpc-retry-pushback-ms`. */
export const RETRY_AFTER_SECONDS = 1;

export const DEFAULT_MAX_INFLIGHT_EVENTS = 1000;

/** Why an event was refused: every place taken, or every place its remote address may hold. */
export type AdmissionRefusal = 'max-inflight-events' | 'client-share';

/** The counters of refused events, one per cause. */
export interface AdmissionShedCounters {
  maxInflightEvents: Counter;
  clientShare: Counter;
}

/**
 * The bound on events in flight in one process, both hosts together
 * (`--max-inflight-events`), and the share of it one remote address may hold
 * (`--client-share`, a percentage). An event is in flight from the moment its
 * request is accepted (HTTP headers read, gRPC call started) until its answer
 * is written: uploading, waiting for the session store, being evaluated.
 * Beyond either bound a request is refused at once, before its body is read,
 * so that refusing costs almost nothing and the events already admitted keep
 * their pace; the share keeps one caller from taking the places of the others.
 * Every `tryAdmit` that admits must be matched by one `release` of the same
 * client. A client is a remote address ('' when the host cannot tell it).
 */
export class EventAdmission {
  private inFlight = 0;
  /** Undefined when one address may take every place: nothing is then counted per address. */
  private readonly clients: ClientCounts | undefined;

  constructor(
    readonly max: number,
    private readonly shed: AdmissionShedCounters,
    readonly clientSharePercent = 100,
    /** Told the address of each event refused for its share (a rate-limited log line). */
    private readonly reportClientShed: (client: string) => void = () => {},
  ) {
    const perClient = shareOf(max, clientSharePercent);
    this.clients = perClient < max ? new ClientCounts(perClient) : undefined;
  }

  /** Events admitted and not yet released. */
  get count(): number {
    return this.inFlight;
  }

  /** Most events one remote address may have in flight. */
  get maxPerClient(): number {
    return this.clients?.maxPerClient ?? this.max;
  }

  /** Events `client` has in flight now (0 when the share is not counted, at 100 %). */
  countOf(client: string): number {
    return this.clients?.count(client) ?? 0;
  }

  /** Admits one more event of `client` (undefined), or counts it as shed and says why not. */
  tryAdmit(client: string): AdmissionRefusal | undefined {
    if (this.inFlight >= this.max) {
      this.shed.maxInflightEvents.inc();
      return 'max-inflight-events';
    }
    if (this.clients !== undefined && !this.clients.tryTake(client)) {
      this.shed.clientShare.inc();
      this.reportClientShed(client);
      return 'client-share';
    }
    this.inFlight++;
    return undefined;
  }

  release(client: string): void {
    this.inFlight--;
    this.clients?.give(client);
  }

  /** Why a request was refused: the HTTP 429 message and the gRPC RESOURCE_EXHAUSTED details. */
  describeRefusal(refusal: AdmissionRefusal, client: string): string {
    if (refusal === 'max-inflight-events')
      return `too many events in flight: ${formatCount(this.max)} are being received or processed (--max-inflight-events); retry in ${RETRY_AFTER_SECONDS} s`;
    const from = client === '' ? 'an unknown address' : client;
    return `too many events in flight from ${from}: one address may have ${formatCount(this.maxPerClient)} of the ${formatCount(this.max)} places (--client-share ${this.clientSharePercent}% of --max-inflight-events); retry in ${RETRY_AFTER_SECONDS} s`;
  }
}
