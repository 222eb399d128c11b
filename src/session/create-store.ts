import type { Logger } from '../observability/logger';
import type { Metrics } from '../observability/metrics';
import { MemorySessionStore } from './memory-store';
import { redactUrl } from './redact-url';
import type { SessionStore } from './session-store';

export interface StoreSettings {
  /** `memory`, `none` (carried state only: no fallback store), or a `redis://host:port/db` (or `rediss://`) URL. */
  state: string;
  ttlMs: number;
  maxSessions: number;
  /** Memory store: most bytes of session state kept. */
  maxBytes: number;
  timeoutMs: number;
}

/** Checks a `--state` value; returns an error message for a bad one. */
export function checkStateSetting(state: string): string | undefined {
  if (state === 'memory' || state === NO_STORE) return undefined;
  if (!/^rediss?:\/\//.test(state))
    return `--state expects "memory", "none" or a redis://host:port/db URL, got ${JSON.stringify(redactUrl(state))}`;
  try {
    new URL(state);
  } catch {
    return `--state: ${JSON.stringify(redactUrl(state))} is not a valid URL`;
  }
  return undefined;
}

/** `--state none`: session state comes only from what the events carry; nothing is stored or shared. */
export const NO_STORE = 'none';

/**
 * The fallback store `--state` asks for; undefined for `none`. The Redis client is loaded only for a Redis
 * store: a process that does not use it does not carry its modules.
 */
export async function createSessionStore(
  settings: StoreSettings,
  metrics: Metrics,
  logger: Logger,
): Promise<SessionStore | undefined> {
  if (settings.state === NO_STORE) return undefined;
  if (settings.state === 'memory') {
    return new MemorySessionStore({
      ttlMs: settings.ttlMs,
      maxSessions: settings.maxSessions,
      maxBytes: settings.maxBytes,
      metrics,
    });
  }
  const { RedisSessionStore } = await import('./redis-store');
  return new RedisSessionStore({
    url: settings.state,
    ttlMs: settings.ttlMs,
    timeoutMs: settings.timeoutMs,
    metrics,
    logger,
  });
}
