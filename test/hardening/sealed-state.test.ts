import path from 'node:path';
import { EngineSession, postEvent } from '../support/engine-session';
import { describeWithRedis, RedisServer } from '../support/redis-server';
import { useServeProcesses } from '../support/serve-process';

/**
 * `--state-secret` against someone who can set a call's session variables and
 * read the answers: the seal can be neither forged by re-splitting its fields
 * nor rolled back within its call when a store remembers the newest state.
 * Each case runs the built server over real HTTP.
 */
jest.setTimeout(30_000);

const RULES = path.resolve(__dirname, '../fixtures/hardening/stateful');
const ALERT = 'hardening/alert-once';
const SECRET = 'sealed-state-test-secret';
const serve = useServeProcesses(['--rules', RULES, '--no-grpc', '--expose-fired', '--state-secret', SECRET]);

const fired = (reply: { fired: string | null }) => (reply.fired ?? '').split(',');

it('a session id holding NUL lends its seal to no other call', async () => {
  const server = await serve();
  const forgedFilter = '{"k":[],"e":["*"],"v":{}}';
  const forgedOnce = JSON.stringify([ALERT]);
  const attacker = await postEvent(server.httpPort, {
    'state.sessionId': `victim-call-1\u0000${forgedFilter}\u0000${forgedOnce}`,
    'state.currentEvent': 'CALL_STARTED',
  });
  expect(attacker.body.result_code).toBe(200);
  const set = Object.fromEntries((attacker.body.session_variable_updates ?? []).map((u) => [u.key, u.value]));
  // Under the old NUL-joined seal, these re-split fields verified for the victim's call.
  const victim = await postEvent(server.httpPort, {
    'state.sessionId': 'victim-call-1',
    'state.currentEvent': 'CALL_STARTED',
    'rulehook.filter': forgedFilter,
    'rulehook.once': forgedOnce,
    'rulehook.seen': `${set['rulehook.filter'] ?? ''}\u0000${set['rulehook.once'] ?? ''}\u0000`,
    'rulehook.mac': set['rulehook.mac'] ?? '',
  });
  expect(fired(victim)).toContain(ALERT);
  expect(victim.body.event_filter?.events_to_ignore ?? []).not.toContain('*');
});

/** A call whose first sealed state comes before its `once` rule fires, and the state after it fired. */
async function callWithEarlierState(port: number | undefined): Promise<Record<string, string>> {
  const session = new EngineSession({ 'state.sessionId': `rollback-${port}` });
  const verified = await session.raise(port, { 'state.currentEvent': 'VERIFY_COMPLETED' });
  expect(verified.body.event_filter).toEqual({ events_to_ignore: ['HEARTBEAT'] });
  const earlier = { ...session.kept };
  const started = await session.raise(port, { 'state.currentEvent': 'CALL_STARTED' });
  expect(fired(started)).toContain(ALERT);
  return earlier;
}

describe('a sealed state carried back from earlier in its call', () => {
  it('is refused by the memory store: the once rule does not fire again, the filter is not dropped', async () => {
    const server = await serve();
    const earlier = await callWithEarlierState(server.httpPort);
    const replayed = await postEvent(server.httpPort, { ...earlier, 'state.currentEvent': 'CALL_STARTED' });
    expect(fired(replayed)).not.toContain(ALERT);
    const set = Object.fromEntries(
      (replayed.body.session_variable_updates ?? []).map((u) => [u.key, u.value]),
    );
    expect(set['rulehook.filter']).toBe('{"k":["audio.*"],"e":["HEARTBEAT"],"v":{}}');
    expect(set['rulehook.mac']).toMatch(/^3\./);
  });
});

describeWithRedis('a sealed state carried back to another process', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await RedisServer.start();
  });
  afterAll(() => redis.kill());

  it('is refused through the shared Redis store', async () => {
    const first = await serve('--state', redis.url);
    const second = await serve('--state', redis.url);
    const earlier = await callWithEarlierState(first.httpPort);
    const replayed = await postEvent(second.httpPort, { ...earlier, 'state.currentEvent': 'CALL_STARTED' });
    expect(replayed.body.result_code).toBe(200);
    expect(fired(replayed)).not.toContain(ALERT);
  });
});
