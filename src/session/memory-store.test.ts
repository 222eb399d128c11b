import { EMPTY_FILTER } from '../filter';
import { Metrics } from '../observability/metrics';
import { estimateStateBytes, MemorySessionStore } from './memory-store';
import type { SessionState } from './session-state';

const next: SessionState = {
  filter: EMPTY_FILTER,
  onceFired: new Set(),
  seen: new Map(),
  lastSeen: 0,
  sealed: 0,
};

function makeStore(options: { ttlMs?: number; maxSessions?: number } = {}) {
  let now = 1_000_000;
  const metrics = new Metrics();
  const store = new MemorySessionStore({ ...options, metrics, now: () => now });
  const seen = async (id: string) => store.update(id, (s) => ({ next, result: s !== undefined }));
  return { store, metrics, seen, advance: (ms: number) => (now += ms) };
}

describe('MemorySessionStore', () => {
  it('forgets sessions idle longer than the TTL, and counts them', async () => {
    const { seen, advance, metrics, store } = makeStore({ ttlMs: 1000 });
    await seen('a');
    advance(999);
    expect(await seen('a')).toBe(true);
    advance(1000);
    expect(await seen('b')).toBe(false);
    expect(store.size).toBe(1);
    expect(await seen('a')).toBe(false);
    expect(metrics.snapshot()['rulehook_sessions_expired_total']).toBe(1);
  });

  it('forgets a session idle past the TTL when it comes back between two sweeps, and counts it', async () => {
    const { seen, advance, metrics } = makeStore({ ttlMs: 100 });
    await seen('a');
    advance(50);
    await seen('b');
    advance(100);
    // 150 ms since the last sweep: none has run since, yet `a` (150 ms idle) and `b` (100 ms) are expired.
    expect(await seen('a')).toBe(false);
    expect(await seen('b')).toBe(false);
    expect(metrics.snapshot()['rulehook_sessions_expired_total']).toBe(2);
  });

  it('keeps a state its event leaves as it was (refreshing its time), and stores one that changed', async () => {
    const { store, advance } = makeStore({ ttlMs: 1000 });
    const once = { ...next, onceFired: new Set(['s/greet']) };
    await store.update('a', () => ({ next: once, result: undefined }));
    const bytes = store.bytes;
    for (let i = 0; i < 3; i++) {
      advance(900);
      const kept = await store.update('a', (s) => ({ next: { ...s!, lastSeen: i }, result: s }));
      expect(kept?.onceFired).toBe(once.onceFired);
    }
    expect(store.bytes).toBe(bytes);
    const more = { ...once, onceFired: new Set(['s/greet', 's/alert']) };
    await store.update('a', () => ({ next: more, result: undefined }));
    expect(store.bytes).toBeGreaterThan(bytes);
    expect(await store.update('a', (s) => ({ next: s!, result: s?.onceFired }))).toBe(more.onceFired);
  });

  it('evicts the least recently used session beyond the bound, and counts it', async () => {
    const { seen, metrics, store } = makeStore({ maxSessions: 2 });
    await seen('a');
    await seen('b');
    await seen('a');
    await seen('c');
    expect(store.size).toBe(2);
    expect(await seen('a')).toBe(true);
    expect(await seen('b')).toBe(false);
    expect(metrics.snapshot()['rulehook_sessions_evicted_total']).toBe(2);
  });

  it('shows the sessions it keeps and their bytes as gauges, read when scraped', async () => {
    const { seen, metrics, store } = makeStore();
    await seen('a');
    await seen('b');
    const text = await metrics.render();
    expect(text).toMatch(/^rulehook_sessions 2$/m);
    expect(text).toContain(`\nrulehook_session_state_bytes ${store.bytes}\n`);
    expect(store.bytes).toBeGreaterThan(0);
  });
});

describe('MemorySessionStore bounded in bytes', () => {
  it('evicts the least recently used sessions beyond --max-state-bytes, and counts them', async () => {
    const metrics = new Metrics();
    const big = (id: string): SessionState => ({
      ...next,
      onceFired: new Set([`${id}/${'x'.repeat(1000)}`]),
    });
    const one = estimateStateBytes(big('a'), 'a');
    const store = new MemorySessionStore({ metrics, maxBytes: one * 3 });
    for (const id of ['a', 'b', 'c', 'd', 'e'])
      await store.update(id, () => ({ next: big(id), result: null }));
    expect(store.size).toBe(3);
    expect(store.bytes).toBeLessThanOrEqual(one * 3);
    expect(metrics.snapshot()['rulehook_sessions_evicted_total']).toBe(2);
    expect(await store.update('a', (s) => ({ next: big('a'), result: s }))).toBeUndefined();
  });
});

describe('MemorySessionStore bounds', () => {
  it('allocates nothing up front for a large --max-sessions', () => {
    const before = process.memoryUsage().arrayBuffers + process.memoryUsage().heapUsed;
    const store = new MemorySessionStore({ metrics: new Metrics(), maxSessions: 500_000_000 });
    const after = process.memoryUsage().arrayBuffers + process.memoryUsage().heapUsed;
    expect(store.size).toBe(0);
    expect(after - before).toBeLessThan(50 * 1024 * 1024);
  });
});
