import { EMPTY_FILTER, mergeFilter } from '../../src/filter';
import { silentLogger } from '../../src/observability/logger';
import { Metrics } from '../../src/observability/metrics';
import {
  MemorySessionStore,
  RedisSessionStore,
  StoreUnavailableError,
  type SessionState,
  type SessionStore,
} from '../../src/session';
import { describeWithRedis, RedisServer } from '../support/redis-server';

/**
 * The contract every session store keeps, run against each store (as the
 * host-contract suite runs against both hosts). Store-specific behaviour
 * (eviction, Redis keys, outages) is tested next to each store.
 */
interface StoreAdapter {
  open(options: { ttlMs?: number }): Promise<SessionStore>;
  stop(): Promise<void>;
}

const state = (onceFired: Iterable<string>, seen: Record<string, string> = {}): SessionState => ({
  filter: EMPTY_FILTER,
  onceFired: new Set(onceFired),
  seen: new Map(Object.entries(seen)),
  lastSeen: 0,
  sealed: 0,
});

function memoryAdapter(): StoreAdapter {
  return {
    open: async (options) => new MemorySessionStore({ metrics: new Metrics(), ...options }),
    stop: async () => {},
  };
}

function redisAdapter(): StoreAdapter {
  let server: RedisServer | undefined;
  const stores: RedisSessionStore[] = [];
  const prefix = `rulehook-contract:${process.pid}:${Date.now()}:`;
  return {
    open: async (options) => {
      server ??= await RedisServer.start();
      const url = process.env.REDIS_URL ?? server.url;
      const store = new RedisSessionStore({
        url,
        keyPrefix: prefix,
        timeoutMs: 2000,
        metrics: new Metrics(),
        logger: silentLogger,
        ...options,
      });
      stores.push(store);
      await store.waitUntilReady(5000);
      return store;
    },
    stop: async () => {
      await Promise.all(stores.map((s) => s.close()));
      await server?.kill();
    },
  };
}

// Redis through describeWithRedis: skipped loudly where redis-server is missing, and a failure under CI.
describe('session store contract: memory', () => runStoreContract(memoryAdapter()));
describeWithRedis('session store contract: redis', () => runStoreContract(redisAdapter()));

function runStoreContract(adapter: StoreAdapter): void {
  let store: SessionStore;
  beforeAll(async () => {
    store = await adapter.open({});
  });
  afterAll(() => adapter.stop());

  it('starts an unknown session from nothing, and returns what the change returns', async () => {
    let seen: SessionState | undefined = state(['sentinel']);
    const result = await store.update('new', (s) => ((seen = s), { next: state([]), result: 42 }));
    expect(seen).toBeUndefined();
    expect(result).toBe(42);
  });

  it('hands each update exactly the state the previous one stored', async () => {
    const filter = mergeFilter(EMPTY_FILTER, { keys_to_ignore: ['audio.*'], events_to_ignore: ['HB'] });
    await store.update('a', () => ({ next: { ...state(['s/once'], { k: 'v' }), filter }, result: null }));
    const read = await store.update('a', (s) => ({ next: s ?? state([]), result: s }));
    expect(Object.fromEntries(read?.seen ?? [])).toEqual({ k: 'v' });
    expect([...(read?.onceFired ?? [])]).toEqual(['s/once']);
    expect(read?.filter.keys_to_ignore).toEqual(['audio.*']);
    expect(read?.filter.events_to_ignore).toEqual(['HB']);
  });

  it('keeps the generation of the newest sealed state', async () => {
    await store.update('sealed', () => ({ next: { ...state(['s/once']), sealed: 12 }, result: null }));
    const read = await store.update('sealed', (s) => ({ next: s ?? state([]), result: s }));
    expect(read?.sealed).toBe(12);
  });

  it('keeps sessions apart', async () => {
    await store.update('x', () => ({ next: state(['x/1']), result: null }));
    await store.update('y', () => ({ next: state(['y/1']), result: null }));
    const x = await store.update('x', (s) => ({ next: s ?? state([]), result: s }));
    expect([...(x?.onceFired ?? [])]).toEqual(['x/1']);
  });

  it('loses no update when one session is updated many times at once: each lands or is refused', async () => {
    // The contract allows a store to refuse an update it cannot make in time (StoreUnavailableError: the
    // event is then served statelessly); what it must never do is report success and drop the write.
    const writes = Array.from({ length: 20 }, (_, i) =>
      store
        .update('busy', (s) => ({ next: state([...(s?.onceFired ?? []), `w${i}`]), result: `w${i}` }))
        .catch((error: unknown) => {
          expect(error).toBeInstanceOf(StoreUnavailableError);
          return undefined;
        }),
    );
    const landed = (await Promise.all(writes)).filter((id): id is string => id !== undefined);
    const final = await store.update('busy', (s) => ({ next: s ?? state([]), result: s }));
    expect(landed.length).toBeGreaterThan(0);
    expect([...(final?.onceFired ?? [])].sort()).toEqual(landed.sort());
  });

  it('forgets a session idle longer than its TTL', async () => {
    const short = await adapter.open({ ttlMs: 150 });
    await short.update('idle', () => ({ next: state(['i/1']), result: null }));
    await new Promise((resolve) => setTimeout(resolve, 400));
    let seen: SessionState | undefined = state(['sentinel']);
    await short.update('idle', (s) => ((seen = s), { next: state([]), result: null }));
    expect(seen).toBeUndefined();
  });
}
