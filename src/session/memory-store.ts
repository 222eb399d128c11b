import { LRUCache } from 'lru-cache';
import type { Counter, Metrics } from '../observability/metrics';
import { changeState, type SessionState } from './session-state';
import {
  DEFAULT_MAX_SESSIONS,
  DEFAULT_MAX_STATE_BYTES,
  DEFAULT_SESSION_TTL_MS,
  type SessionStore,
  type SessionUpdate,
} from './session-store';

export interface MemoryStoreOptions {
  /** Idle time after which a session is forgotten, in ms. */
  ttlMs?: number;
  /** Most sessions kept; the least recently used is evicted beyond it. */
  maxSessions?: number;
  /** Most bytes of state kept (an estimate per session, see `estimateStateBytes`); LRU eviction beyond it. */
  maxBytes?: number;
  metrics: Metrics;
  now?: () => number;
}

/**
 * A session as this store keeps it: its state, and when its last event came, in ms since the epoch. The
 * time is the store's own, changed in place: an event that leaves the state as it was (most of them) costs
 * a lookup, not a new entry.
 */
interface StoredSession {
  state: SessionState;
  lastSeen: number;
}

/**
 * Sessions in this process's memory: the default, nothing to install. An LRU
 * cache (lru-cache) whose order is also the order of last activity, since every
 * event reads its session (a read moves it to the front): the least recently used entries are the first to
 * expire, so expiry sweeps from that end and stops at the first live session, at
 * most once a second (a session read between sweeps is checked itself). Expiry
 * uses each session's `lastSeen` rather than lru-cache's own TTL, which would add
 * timers and a cached clock to the hot path.
 */
export class MemorySessionStore implements SessionStore {
  readonly kind = 'memory';
  private readonly sessions: LRUCache<string, StoredSession>;
  private readonly ttlMs: number;
  private readonly maxSessions: number;
  private readonly now: () => number;
  private readonly expired: Counter;
  /** When the next sweep of expired sessions is due, in ms since the epoch. */
  private nextSweep = 0;

  constructor(options: MemoryStoreOptions) {
    this.ttlMs = options.ttlMs ?? DEFAULT_SESSION_TTL_MS;
    this.now = options.now ?? Date.now;
    const evicted = options.metrics.counter(
      'rulehook_sessions_evicted_total',
      'Sessions evicted because the store was full (least recently used first).',
    );
    this.expired = options.metrics.counter(
      'rulehook_sessions_expired_total',
      'Sessions forgotten after being idle longer than the TTL.',
    );
    options.metrics.gauge(
      'rulehook_sessions',
      'Memory store: sessions kept (bounded by --max-sessions).',
      () => this.size,
    );
    options.metrics.gauge(
      'rulehook_session_state_bytes',
      'Memory store: estimated bytes of the sessions kept (bounded by --max-state-bytes).',
      () => this.bytes,
    );
    this.maxSessions = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
    // Bounded in bytes by lru-cache, in sessions by `update` (lru-cache's `max` would allocate arrays of
    // that length up front, whatever the number of sessions).
    this.sessions = new LRUCache({
      maxSize: options.maxBytes ?? DEFAULT_MAX_STATE_BYTES,
      sizeCalculation: (stored, sessionId) => estimateStateBytes(stored.state, sessionId),
      dispose: (_state, _id, reason) => {
        if (reason === 'evict') evicted.inc();
      },
    });
  }

  get size(): number {
    return this.sessions.size;
  }

  /** The estimated bytes of all sessions kept (what `--max-state-bytes` bounds). */
  get bytes(): number {
    return this.sessions.calculatedSize;
  }

  async update<T>(
    sessionId: string,
    change: (state: SessionState | undefined) => SessionUpdate<T>,
  ): Promise<T> {
    return this.updateNow(sessionId, change);
  }

  updateNow<T>(sessionId: string, change: (state: SessionState | undefined) => SessionUpdate<T>): T {
    const now = this.now();
    if (now >= this.nextSweep) {
      this.sweepExpired(now);
      this.nextSweep = now + SWEEP_EVERY_MS;
    }
    let stored = this.sessions.get(sessionId);
    // Between sweeps, a session idle past the TTL is forgotten when its call comes back.
    if (stored !== undefined && now - stored.lastSeen >= this.ttlMs) {
      this.sessions.delete(sessionId);
      this.expired.inc();
      stored = undefined;
    }
    const { next, result } = change(stored?.state);
    // `get` has made the session the most recently used: an unchanged state needs no new entry (nor size).
    if (stored !== undefined && hasSameParts(stored.state, next)) stored.lastSeen = now;
    else {
      this.sessions.set(sessionId, { state: changeState(next, { lastSeen: now }), lastSeen: now });
      if (this.sessions.size > this.maxSessions) this.sessions.pop();
    }
    return result;
  }

  private sweepExpired(now: number): void {
    const stale: string[] = [];
    for (const id of this.sessions.rkeys()) {
      const stored = this.sessions.peek(id);
      if (stored === undefined || now - stored.lastSeen < this.ttlMs) break;
      stale.push(id);
    }
    for (const id of stale) this.sessions.delete(id);
    this.expired.inc(stale.length);
  }

  async close(): Promise<void> {
    this.sessions.clear();
  }
}

/** Whether two states hold the same parts (`lastSeen` aside): parts are immutable, compared by identity. */
function hasSameParts(a: SessionState, b: SessionState): boolean {
  return a.filter === b.filter && a.onceFired === b.onceFired && a.seen === b.seen && a.sealed === b.sealed;
}

/** Object headers and pointers per session, measured roughly on V8 (the Map, the Set, the entry). */
const SESSION_OVERHEAD_BYTES = 400;

/** Expired sessions are swept at most this often, in ms: a sweep walks an iterator of lru-cache's. */
const SWEEP_EVERY_MS = 1_000;

/**
 * A session's footprint in bytes: two per character of every string it holds
 * (V8 may store them in one byte; this errs on the side of a smaller store),
 * plus a fixed overhead. Filters are counted per session even when shared.
 */
export function estimateStateBytes(state: SessionState, sessionId: string): number {
  let chars = sessionId.length;
  for (const entry of state.filter.keys_to_ignore) chars += entry.length;
  for (const entry of state.filter.events_to_ignore) chars += entry.length;
  for (const [key, value] of Object.entries(state.filter.values_to_ignore))
    chars += key.length + value.length;
  for (const id of state.onceFired) chars += id.length;
  for (const [key, print] of state.seen) chars += key.length + print.length;
  return SESSION_OVERHEAD_BYTES + 2 * chars;
}
