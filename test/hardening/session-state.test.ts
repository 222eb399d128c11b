import path from 'node:path';
import { EngineSession, postEvent } from '../support/engine-session';
import { describeWithRedis, RedisServer } from '../support/redis-server';
import { useServeProcesses } from '../support/serve-process';

/**
 * Restarts, evictions, expiry, events without a session id and store outages
 * must never make the webhook forget what it told the engine: the next answer
 * carries the whole filter, and `once` rules do not fire again. Each case runs
 * the built server, with an engine that sends rulehook's variables back.
 */
jest.setTimeout(30_000);

const RULES = path.resolve(__dirname, '../fixtures/hardening/stateful');
const WHOLE_FILTER = { keys_to_ignore: ['audio.*'], events_to_ignore: ['HEARTBEAT'] };
const serve = useServeProcesses(['--rules', RULES, '--no-grpc', '--expose-fired']);

/** The first event of a call: the alert fires once, and the filter starts with audio.*. */
async function startCall(port: number | undefined, initial: Record<string, string>): Promise<EngineSession> {
  const session = new EngineSession(initial);
  const first = await session.raise(port, { 'state.currentEvent': 'CALL_STARTED', 'verify.score': '0.1' });
  expect(first.fired).toBe('hardening/alert-once,hardening/quiet-audio,hardening/rescore');
  return session;
}

/** The call goes on wherever it lands: the whole filter, no second alert, `changed` against the last event. */
async function expectRemembered(session: EngineSession, port: number | undefined): Promise<void> {
  const verified = await session.raise(port, {
    'state.currentEvent': 'VERIFY_COMPLETED',
    'verify.score': '0.1',
  });
  expect(verified.fired).toBe('hardening/quiet-heartbeat');
  expect(verified.body.event_filter).toEqual(WHOLE_FILTER);
  const again = await session.raise(port, { 'state.currentEvent': 'CALL_STARTED', 'verify.score': '0.9' });
  expect(again.fired).toBe('hardening/quiet-audio,hardening/rescore');
  expect(again.body.event_filter).toBeUndefined();
}

describe('sessions survive what used to make the webhook forget them', () => {
  it('a restart of a server with the memory store (killed, not stopped)', async () => {
    const before = await serve();
    const session = await startCall(before.httpPort, { 'state.sessionId': 'restart-1' });
    before.child.kill('SIGKILL');
    const after = await serve();
    await expectRemembered(session, after.httpPort);
  });

  it('an eviction from a full memory store', async () => {
    const server = await serve('--max-sessions', '1');
    const session = await startCall(server.httpPort, { 'state.sessionId': 'evicted' });
    await startCall(server.httpPort, { 'state.sessionId': 'newer' });
    await expectRemembered(session, server.httpPort);
  });

  it('a session idle longer than the TTL', async () => {
    const server = await serve('--session-ttl', '1');
    const session = await startCall(server.httpPort, { 'state.sessionId': 'idle' });
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await expectRemembered(session, server.httpPort);
  });

  it('events without the session-id variable', async () => {
    const server = await serve();
    const session = await startCall(server.httpPort, { 'call.id': 'no-session-id' });
    await expectRemembered(session, server.httpPort);
  });
});

describeWithRedis('a Redis outage', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await RedisServer.start();
  });
  afterAll(() => redis.kill());

  it('repeats no action, keeps `changed` working, and logs a few counted warnings, not one per event', async () => {
    const server = await serve('--state', redis.url, '--state-timeout', '50');
    const sessions = [];
    for (let s = 0; s < 3; s++)
      sessions.push(await startCall(server.httpPort, { 'state.sessionId': `out-${s}` }));
    await redis.kill();
    for (const session of sessions) await expectRemembered(session, server.httpPort);
    // Calls that start during the outage: their first events carry no state, so the store is asked, and fails.
    const alerts = [];
    for (let s = 0; s < 20; s++) {
      const reply = await postEvent(server.httpPort, {
        'state.sessionId': `new-${s}`,
        'state.currentEvent': 'CALL_STARTED',
      });
      expect(reply.body.result_code).toBe(200);
      alerts.push(reply.fired?.includes('alert-once'));
    }
    expect(alerts.every(Boolean)).toBe(true);
    const warnings = server
      .stderr()
      .split('\n')
      .filter((line) => line.includes('session store unavailable'));
    expect(warnings.length).toBeGreaterThan(0);
    expect(warnings.length).toBeLessThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.stderr()).not.toMatch(/"level":"error"/);
  });
});
