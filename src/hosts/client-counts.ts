import type { Logger } from '../observability/logger';
import { RateLimitedLog } from '../observability/rate-limited-log';

/** The share of a bound one remote address may hold by default (`--client-share`), in percent. */
export const DEFAULT_CLIENT_SHARE_PERCENT = 50;

/** `percent` of `max`, rounded down but at least 1: what one remote address may hold of a bound. */
export function shareOf(max: number, percent: number): number {
  return Math.max(1, Math.floor((max * percent) / 100));
}

/**
 * How many places of a bound each remote address holds, so that one address
 * cannot hold more than `maxPerClient` of them. An address is forgotten when it
 * holds none, so the map never has more entries than places are held. A take
 * and a give are a map lookup and a store of a small integer: nothing is
 * allocated per take but the map's own entries. Every `tryTake` that answers
 * true must be matched by one `give` of the same address.
 */
export class ClientCounts {
  private readonly held = new Map<string, number>();

  constructor(readonly maxPerClient: number) {}

  /** Addresses holding at least one place now. */
  get clients(): number {
    return this.held.size;
  }

  /** What `client` holds now. */
  count(client: string): number {
    return this.held.get(client) ?? 0;
  }

  /** Takes one more place for `client`, or answers false when it already holds its share. */
  tryTake(client: string): boolean {
    const count = this.held.get(client) ?? 0;
    if (count >= this.maxPerClient) return false;
    this.held.set(client, count + 1);
    return true;
  }

  give(client: string): void {
    const count = this.held.get(client) ?? 0;
    if (count <= 1) this.held.delete(client);
    else this.held.set(client, count - 1);
  }
}

/**
 * A warning naming the address refused for its share, at most once per 10 s with a count of the ones left
 * out: metrics have no label by address (callers would make it take unbounded values), so the log says who.
 */
export function reportClientShare(logger: Logger, message: string): (peer: string) => void {
  const log = new RateLimitedLog(logger, 'warn', message);
  return (peer) => log.log({ peer });
}
