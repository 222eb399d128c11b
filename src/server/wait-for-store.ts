import type { Logger } from '../observability/logger';
import { redactUrl } from '../session/redact-url';
import type { RedisSessionStore } from '../session/redis-store';
import type { SessionStore } from '../session/session-store';

/** How long `serve` waits for Redis at startup before serving anyway (degraded until it connects). */
const REDIS_STARTUP_WAIT_MS = 2000;

/**
 * Waits a moment for a Redis store to connect, so that the first events find it; serves anyway after
 * REDIS_STARTUP_WAIT_MS, with a warning, since events that carry their state do not need it.
 */
export async function waitForSessionStore(store: SessionStore, url: string, logger: Logger): Promise<void> {
  if (store.kind !== 'redis') return;
  try {
    await (store as RedisSessionStore).waitUntilReady(REDIS_STARTUP_WAIT_MS);
  } catch {
    logger.warn(
      'redis session store not reachable yet; events that carry no state are answered as first events until it is',
      { url: redactUrl(url) },
    );
  }
}
