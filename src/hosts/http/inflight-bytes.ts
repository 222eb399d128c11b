import { formatCount } from '../../contract/event-limits';
import type { Counter } from '../../observability/metrics';
import { RETRY_AFTER_SECONDS } from '../event-admission';
import type { HttpError } from './errors';

/**
 * The bound on request-body bytes being read or buffered, all connections of
 * the HTTP host together (`--max-inflight-bytes`). A body declaring its length
 * reserves all of it before a byte is read; a chunked body reserves as it
 * arrives. A request that would take the total past the bound is refused (429)
 * and its reservation returned, so slow or abandoned uploads can never hold
 * more than the bound, however many connections send them.
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

  refusal(): HttpError {
    return {
      status: 429,
      code: 'TOO_MANY_REQUESTS',
      message: `too many request bytes in flight: this body would take them past ${formatCount(this.max)} bytes (--max-inflight-bytes); retry in ${RETRY_AFTER_SECONDS} s`,
    };
  }
}
