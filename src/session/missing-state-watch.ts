import { LRUCache } from 'lru-cache';
import { isReservedVariable } from '../contract/reserved-variables';
import type { SessionVariables, SetSessionVariableAction } from '../contract/types';
import type { Logger } from '../observability/logger';
import type { Counter, Metrics } from '../observability/metrics';
import { RateLimitedLog } from '../observability/rate-limited-log';
import { carriesState, type CarriedState } from './carried-state';
import { DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_TTL_MS } from './session-store';

export interface MissingStateWatchOptions {
  /** Most calls remembered; the least recently seen is forgotten beyond it (`--max-sessions`). */
  maxCalls?: number;
  /** A call not seen for this long is forgotten, in ms (`--session-ttl`). */
  ttlMs?: number;
  metrics: Metrics;
  logger: Logger;
  now?: () => number;
}

/**
 * With no fallback store (`--state none`), what a process can know about events that arrive without their
 * carried state: the contract names no first event of a call and numbers no events, so such an event looks
 * like the first of its call. Once the session of a call holds `rulehook.*` variables, though, the engine
 * sends them back with every later event (it never removes them). This remembers the ids of the calls this
 * process saw holding them (it wrote them, or an event carried them), and no state: an event of such a call
 * that carries none is one whose state the engine dropped. Each process knows only the calls it saw, so under
 * `--workers` or several hosts a drop is noticed when the call's events reach the same process twice.
 */
export class MissingStateWatch {
  /** Call id to the time it was last seen holding state. */
  private readonly calls: LRUCache<string, number>;
  private readonly ttlMs: number;
  private readonly now: () => number;
  private readonly missing: Counter;
  private readonly log: RateLimitedLog;

  constructor(options: MissingStateWatchOptions) {
    this.ttlMs = options.ttlMs ?? DEFAULT_SESSION_TTL_MS;
    this.now = options.now ?? Date.now;
    // Bounded by a size of one per call rather than lru-cache's `max`, which allocates arrays of that length
    // up front whatever the number of calls.
    this.calls = new LRUCache({
      maxSize: options.maxCalls ?? DEFAULT_MAX_SESSIONS,
      sizeCalculation: () => 1,
    });
    this.missing = options.metrics.counter(
      'rulehook_carried_state_missing_total',
      'With --state none: events of a call seen holding rulehook variables that arrived without them (answered as first events).',
    );
    this.log = new RateLimitedLog(
      options.logger,
      'warn',
      'event arrived mid-call without its carried state (rulehook.* variables); answered as the first of its call',
      10_000,
      this.now,
    );
  }

  /**
   * One answered event of call `sessionId`. The call holds carried state once an event carries some (even
   * unreadable) or an answer writes some (`updates`: the answer's). An event of such a call that carries none
   * is counted, and logged at most once per 10 s with the call's id, never a variable's value; its answer, as
   * a first event's, writes the state again where there is any to write. Returns whether it was counted.
   */
  observe(
    sessionId: string,
    variables: SessionVariables,
    carried: CarriedState,
    updates: readonly SetSessionVariableAction[],
  ): boolean {
    const carries = carried.state !== undefined || carried.invalid.length > 0 || carriesState(variables);
    const missing = !carries && this.holdsState(sessionId);
    if (missing) {
      this.missing.inc();
      this.log.log({ session: sessionId });
    }
    if (carries || updates.some((update) => isReservedVariable(update.key)))
      this.calls.set(sessionId, this.now());
    return missing;
  }

  private holdsState(sessionId: string): boolean {
    const seen = this.calls.get(sessionId);
    return seen !== undefined && this.now() - seen < this.ttlMs;
  }
}
