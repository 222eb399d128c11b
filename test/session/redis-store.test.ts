import { Metrics } from '../../src/observability/metrics';
import { silentLogger } from '../../src/observability/logger';
import { EMPTY_FILTER } from '../../src/filter';
import { RedisSessionStore, StoreUnavailableError, type SessionState } from '../../src/session';
import { describeWithRedis, RedisServer } from '../support/redis-server';
import Redis from 'ioredis';

const state = (onceFired: Iterable<string>, seen: Record<string, string> = {}): SessionState => ({
  filter: EMPTY_FILTER,
  onceFired: new Set(onceFired),
  seen: new Map(Object.entries(seen)),
  lastSeen: 0,
  sealed: 0,
});

describeWithRedis('RedisSessionStore against a real redis-server', () => {
  // The shared server .ci/run starts (REDIS_URL), else one of our own; the crash test always uses its own.
  let server: RedisServer;
  let url: string;
  const prefix = `rulehook-test:${process.pid}:`;
  const stores: RedisSessionStore[] = [];
  const open = (options: { timeoutMs?: number; ttlMs?: number; url?: string } = {}) => {
    const store = new RedisSessionStore({
      url,
      keyPrefix: prefix,
      metrics: new Metrics(),
      logger: silentLogger,
      ...options,
    });
    stores.push(store);
    return store;
  };

  beforeAll(async () => {
    server = await RedisServer.start();
    url = process.env.REDIS_URL ?? server.url;
  });
  afterAll(async () => {
    await Promise.all(stores.map((s) => s.close()));
    await server.kill();
  });

  it('keeps one key per session, with the TTL', async () => {
    const store = open({ ttlMs: 60_000 });
    await store.waitUntilReady(5000);
    await store.update('s-ttl', () => ({ next: state([]), result: null }));
    const client = new Redis(url);
    try {
      const ttl = await client.pttl(`${prefix}s-ttl`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
    } finally {
      client.disconnect();
    }
  });

  it('never loses an update when two processes write one session concurrently', async () => {
    const [a, b] = [open({ timeoutMs: 2000 }), open({ timeoutMs: 2000 })];
    await Promise.all([a.waitUntilReady(5000), b.waitUntilReady(5000)]);
    const writes = Array.from({ length: 30 }, (_, i) =>
      (i % 2 === 0 ? a : b)
        .update('s-race', (s) => ({ next: state([...(s?.onceFired ?? []), `w${i}`]), result: `w${i}` }))
        .then(
          (id) => id,
          (error: unknown) => {
            expect(error).toBeInstanceOf(StoreUnavailableError);
            return undefined;
          },
        ),
    );
    const succeeded = (await Promise.all(writes)).filter((id): id is string => id !== undefined);
    let final: SessionState | undefined;
    await a.update('s-race', (s) => ((final = s), { next: s ?? state([]), result: null }));
    expect(succeeded.length).toBeGreaterThan(0);
    expect([...(final?.onceFired ?? [])].sort()).toEqual(succeeded.sort());
  });

  it('treats a corrupt stored state as a new session, and counts it', async () => {
    const metrics = new Metrics();
    const store = new RedisSessionStore({ url, keyPrefix: prefix, metrics, logger: silentLogger });
    stores.push(store);
    await store.waitUntilReady(5000);
    const client = new Redis(url);
    await client.hset(`${prefix}s-bad`, 'v', '3', 's', '{not json');
    client.disconnect();
    let seen: SessionState | undefined = state(['sentinel']);
    await store.update('s-bad', (s) => ((seen = s), { next: state([]), result: null }));
    expect(seen).toBeUndefined();
    expect(metrics.snapshot()['rulehook_session_state_corrupt_total']).toBe(1);
  });

  it('rejects with StoreUnavailableError when Redis is down, and recovers by itself when it is back', async () => {
    const store = open({ timeoutMs: 50, url: server.url });
    await store.waitUntilReady(5000);
    await server.kill();
    await expect(store.update('s-down', () => ({ next: state([]), result: 'x' }))).rejects.toBeInstanceOf(
      StoreUnavailableError,
    );
    await server.resume();
    await store.waitUntilReady(10_000);
    await expect(store.update('s-down', () => ({ next: state([]), result: 'back' }))).resolves.toBe('back');
  });
});
