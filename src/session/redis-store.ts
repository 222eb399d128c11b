import Redis from 'ioredis';
import { redactUrl } from './redact-url';
import type { Counter, Metrics } from '../observability/metrics';
import type { Logger } from '../observability/logger';
import {
  changeState,
  deserializeSessionState,
  serializeSessionState,
  type SessionState,
} from './session-state';
import {
  DEFAULT_SESSION_TTL_MS,
  DEFAULT_STORE_TIMEOUT_MS,
  StoreUnavailableError,
  type SessionStore,
  type SessionUpdate,
} from './session-store';

/**
 * Compare-and-set of one session hash {v: version, s: state}: writes only if the
 * version is still the one read, so two webhook processes serving events of one
 * session can never lose each other's update. ARGV: expected version ('' for a
 * new session), next version, state, TTL in ms.
 */
const COMPARE_AND_SET = `
local v = redis.call('HGET', KEYS[1], 'v')
if (v == false and ARGV[1] == '') or v == ARGV[1] then
  redis.call('HSET', KEYS[1], 'v', ARGV[2], 's', ARGV[3])
  redis.call('PEXPIRE', KEYS[1], ARGV[4])
  return 1
end
return 0`;

/** Read-modify-write attempts before giving up on a session whose state keeps changing under us. */
const MAX_ATTEMPTS = 3;

type CasRedis = Redis & {
  rulehookCompareAndSet(
    key: string,
    expected: string,
    next: string,
    state: string,
    ttlMs: number,
  ): Promise<number>;
};

export interface RedisStoreOptions {
  url: string;
  ttlMs?: number;
  /** The longest an event may wait for Redis, in ms, for the whole read-modify-write. */
  timeoutMs?: number;
  keyPrefix?: string;
  metrics: Metrics;
  logger: Logger;
}

/** Sessions in Redis, shared by every webhook process behind one engine: one key per session, with a TTL. */
export class RedisSessionStore implements SessionStore {
  readonly kind = 'redis';
  private readonly redis: CasRedis;
  private readonly ttlMs: number;
  private readonly timeoutMs: number;
  private readonly prefix: string;
  private readonly conflicts: Counter;
  private readonly corrupt: Counter;

  constructor(options: RedisStoreOptions) {
    this.ttlMs = options.ttlMs ?? DEFAULT_SESSION_TTL_MS;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_STORE_TIMEOUT_MS;
    this.prefix = options.keyPrefix ?? 'rulehook:session:';
    this.conflicts = options.metrics.counter(
      'rulehook_session_conflicts_total',
      'Session writes retried because another process wrote first.',
    );
    this.corrupt = options.metrics.counter(
      'rulehook_session_state_corrupt_total',
      'Stored session states that could not be read (treated as new sessions).',
    );
    // No offline queue: while Redis is down, commands fail at once instead of waiting; ioredis reconnects by itself.
    this.redis = new Redis(options.url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: 1000,
      retryStrategy: (times) => Math.min(times * 100, 1000),
    }) as CasRedis;
    this.redis.defineCommand('rulehookCompareAndSet', { numberOfKeys: 1, lua: COMPARE_AND_SET });
    // Across workers, the lowest value: 1 only while every worker is connected.
    options.metrics.gauge(
      'rulehook_session_store_connected',
      'Redis store: 1 while connected to Redis, 0 while not (events without carried state are then answered as first events).',
      () => (this.redis.status === 'ready' ? 1 : 0),
      'min',
    );
    let wasReady = false;
    this.redis.on('ready', () => {
      if (wasReady) options.logger.info('redis session store reconnected', { url: redactUrl(options.url) });
      wasReady = true;
    });
    this.redis.on('error', () => {
      // Failures surface per event as StoreUnavailableError (counted and logged by the processor).
    });
  }

  /** Resolves once connected, or rejects after `ms`: lets `serve` say at startup whether Redis is there. */
  waitUntilReady(ms: number): Promise<void> {
    if (this.redis.status === 'ready') return Promise.resolve();
    return withDeadline(
      new Promise<void>((resolve) => this.redis.once('ready', () => resolve())),
      Date.now() + ms,
    );
  }

  async update<T>(
    sessionId: string,
    change: (state: SessionState | undefined) => SessionUpdate<T>,
  ): Promise<T> {
    const deadline = Date.now() + this.timeoutMs;
    const key = this.prefix + sessionId;
    for (let attempt = 1; ; attempt++) {
      const [version, text] = await withDeadline(this.redis.hmget(key, 'v', 's'), deadline);
      let state: SessionState | undefined;
      if (text !== null && text !== undefined) {
        state = deserializeSessionState(text);
        if (state === undefined) this.corrupt.inc();
      }
      const { next, result } = change(state);
      const nextVersion = String((Number(version) || 0) + 1);
      const stored = serializeSessionState(changeState(next, { lastSeen: Date.now() }));
      const written = await withDeadline(
        this.redis.rulehookCompareAndSet(key, version ?? '', nextVersion, stored, this.ttlMs),
        deadline,
      );
      if (written === 1) return result;
      this.conflicts.inc();
      if (attempt >= MAX_ATTEMPTS)
        throw new StoreUnavailableError(`session ${sessionId} kept changing during ${MAX_ATTEMPTS} attempts`);
    }
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}

function withDeadline<T>(promise: Promise<T>, deadline: number): Promise<T> {
  const remaining = deadline - Date.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new StoreUnavailableError('redis did not answer in time')),
      Math.max(0, remaining),
    );
  });
  return Promise.race([
    promise.catch((error: Error) => {
      throw error instanceof StoreUnavailableError
        ? error
        : new StoreUnavailableError(`redis: ${error.message}`);
    }),
    timeout,
  ]).finally(() => clearTimeout(timer));
}
