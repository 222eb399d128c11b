import type { Counter, Metrics } from '../observability/metrics';
import type { SessionState } from './session-state';
import {
  DEFAULT_MAX_SESSIONS,
  DEFAULT_SESSION_TTL_MS,
  type SessionStore,
  type SessionUpdate,
} from './session-store';

export interface MemoryStoreOptions {
  /** Idle time after which a session is forgotten, in ms. */
  ttlMs?: number;
  /** Most sessions kept; the least recently used is evicted beyond it. */
  maxSessions?: number;
  metrics: Metrics;
  now?: () => number;
}

/**
 * Sessions in this process's memory: the default, nothing to install. A Map in
 * least-recently-used order (an update moves its session to the end), so the
 * first entries are both the LRU victims and the first to expire: expiry sweeps
 * from the front and stops at the first live session (amortized O(1) per event).
 */
export class MemorySessionStore implements SessionStore {
  readonly kind = 'memory';
  private readonly sessions = new Map<string, SessionState>();
  private readonly ttlMs: number;
  private readonly maxSessions: number;
  private readonly now: () => number;
  private readonly evicted: Counter;
  private readonly expired: Counter;

  constructor(options: MemoryStoreOptions) {
    this.ttlMs = options.ttlMs ?? DEFAULT_SESSION_TTL_MS;
    this.maxSessions = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
    this.now = options.now ?? Date.now;
    this.evicted = options.metrics.counter(
      'rulehook_sessions_evicted_total',
      'Sessions evicted because the store was full (least recently used first).',
    );
    this.expired = options.metrics.counter(
      'rulehook_sessions_expired_total',
      'Sessions forgotten after being idle longer than the TTL.',
    );
  }

  get size(): number {
    return this.sessions.size;
  }

  async update<T>(
    sessionId: string,
    change: (state: SessionState | undefined) => SessionUpdate<T>,
  ): Promise<T> {
    const now = this.now();
    this.sweepExpired(now);
    const current = this.sessions.get(sessionId);
    const { next, result } = change(current);
    this.sessions.delete(sessionId);
    this.sessions.set(sessionId, { ...next, lastSeen: now });
    if (this.sessions.size > this.maxSessions) {
      const oldest = this.sessions.keys().next().value as string;
      this.sessions.delete(oldest);
      this.evicted.inc();
    }
    return result;
  }

  private sweepExpired(now: number): void {
    for (const [id, state] of this.sessions) {
      if (now - state.lastSeen < this.ttlMs) return;
      this.sessions.delete(id);
      this.expired.inc();
    }
  }

  async close(): Promise<void> {
    this.sessions.clear();
  }
}
