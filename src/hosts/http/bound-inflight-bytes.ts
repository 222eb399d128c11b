import { formatCount } from '../../contract/event-limits';
import type { Counter } from '../../observability/metrics';
import { RETRY_AFTER_SECONDS } from '../event-admission';
import type { HttpError } from './errors';

/**
 * The bound on the bytes of the request bodies of events in flight, all
 * connections of the HTTP host together (`--max-inflight-bytes`). Each request
 * holds a reservation of its body's size from before its body is read until
 * its answer is written: while the body arrives, and while the event parsed
 * from it waits for the session store and is evaluated. A body declaring its
 * length reserves all of it before a byte is read; a chunked body reserves as
 * it arrives. A request that would take the total past the bound is refused
 * (429), so slow or abandoned uploads and slow evaluations can never hold more
 * than the bound, however many connections send them.
 */
export class InflightBytes {
  private used = 0;

  constructor(
    readonly max: number,
    private readonly shed: Counter,
  ) {}

  /** Bytes reserved now. */
  get inUse(): number {
    return this.used;
  }

  /** Reserves `bytes` more, or counts the refusal and answers false. */
  tryReserve(bytes: number): boolean {
    if (this.used + bytes > this.max) {
      this.shed.inc();
      return false;
    }
    this.used += bytes;
    return true;
  }

  release(bytes: number): void {
    this.used -= bytes;
  }

  /** An empty reservation for one request's body. */
  createReservation(): BodyReservation {
    return new BodyReservation(this);
  }

  refusal(): HttpError {
    return {
      status: 429,
      code: 'TOO_MANY_REQUESTS',
      message: `too many request bytes in flight: this body would take them past ${formatCount(this.max)} bytes (--max-inflight-bytes); retry in ${RETRY_AFTER_SECONDS} s`,
    };
  }
}

/** One request's share of the bound: it grows as the body is read, and is given back whole by `release`. */
export class BodyReservation {
  private bytes = 0;

  constructor(private readonly pool: InflightBytes) {}

  get size(): number {
    return this.bytes;
  }

  /** Grows the reservation to `total` bytes, or counts the refusal and answers false, keeping what it held. */
  tryGrowTo(total: number): boolean {
    if (total <= this.bytes) return true;
    if (!this.pool.tryReserve(total - this.bytes)) return false;
    this.bytes = total;
    return true;
  }

  /** The 429 for a body the bound has no room for. */
  refusal(): HttpError {
    return this.pool.refusal();
  }

  /** Gives back every byte held; calling it again gives back nothing. */
  release(): void {
    this.pool.release(this.bytes);
    this.bytes = 0;
  }
}
