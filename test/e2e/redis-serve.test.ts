import path from 'node:path';
import { describeWithRedis, RedisServer } from '../support/redis-server';
import { startServeProcess, type ServeProcess } from '../support/serve-process';

// Each test starts real processes (node, redis-server): allow for a loaded 2-core CI machine.
jest.setTimeout(30_000);

const RULES = path.resolve(__dirname, '../fixtures/e2e/stateful');

async function post(
  port: number | undefined,
  vars: Record<string, string>,
): Promise<{ fired: string | null; body: unknown }> {
  const res = await fetch(`http://127.0.0.1:${port}/v1/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ session_variables: vars }),
  });
  return { fired: res.headers.get('rulehook-fired'), body: await res.json() };
}

/** Three sessions of five events each, interleaved as an engine serving three calls would send them. */
function interleavedEvents(): Record<string, string>[] {
  const steps: Record<string, string>[] = [
    { 'state.currentEvent': 'CALL_STARTED' },
    { 'state.currentEvent': 'AUDIO_PROGRESS', 'audio.net': '3' },
    { 'state.currentEvent': 'VERIFY_COMPLETED', 'audio.net': '3', 'verify.score': '0.4' },
    { 'state.currentEvent': 'HEARTBEAT', 'audio.net': '3', 'verify.score': '0.4' },
    { 'state.currentEvent': 'VERIFY_COMPLETED', 'audio.net': '5', 'verify.score': '0.9' },
  ];
  const events: Record<string, string>[] = [];
  for (const step of steps)
    for (const s of ['s1', 's2', 's3']) events.push({ 'state.sessionId': s, ...step });
  return events;
}

async function stop(server: ServeProcess): Promise<number | null> {
  server.child.kill('SIGTERM');
  return server.exited;
}

describeWithRedis('rulehook serve with the Redis session store', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await RedisServer.start();
  });
  afterAll(() => redis.kill());

  it('gives the same answers from two processes sharing Redis, events alternating, as from one process', async () => {
    const events = interleavedEvents();
    const single = await startServeProcess(['--rules', RULES, '--no-grpc', '--expose-fired']);
    const expected = [];
    for (const e of events) expected.push(await post(single.httpPort, e));
    expect(await stop(single)).toBe(0);

    const state = ['--expose-fired', '--state', redis.url, '--state-timeout', '500'];
    const a = await startServeProcess(['--rules', RULES, '--no-grpc', ...state]);
    const b = await startServeProcess(['--rules', RULES, '--no-grpc', ...state]);
    try {
      const actual = [];
      for (const [i, e] of events.entries())
        actual.push(await post(i % 2 === 0 ? a.httpPort : b.httpPort, e));
      expect(actual).toEqual(expected);
      // The history mattered: greet fired once per session, and filters accumulated.
      expect(actual.filter((r) => r.fired?.includes('stateful/greet')).length).toBe(3);
      expect(actual[9]?.body).toMatchObject({
        event_filter: { keys_to_ignore: ['audio.*'], events_to_ignore: ['HEARTBEAT'] },
      });
    } finally {
      expect(await stop(a)).toBe(0);
      expect(await stop(b)).toBe(0);
    }
  });

  it('keeps answering while Redis is down, and resumes stateful answers when it is back', async () => {
    const server = await startServeProcess([
      '--rules',
      RULES,
      '--no-grpc',
      '--expose-fired',
      '--state',
      redis.url,
      '--state-timeout',
      '50',
    ]);
    try {
      const event = (session: string) => ({
        'state.sessionId': session,
        'state.currentEvent': 'CALL_STARTED',
      });
      expect((await post(server.httpPort, event('k1'))).fired).toBe('stateful/greet');
      expect((await post(server.httpPort, event('k1'))).fired).toBe('');

      await redis.kill();
      // These events do not carry rulehook's variables back (an engine that drops them), so only the store
      // knew the session: without it each is answered as a first event, and every event is still answered.
      for (let i = 0; i < 3; i++) {
        const reply = await post(server.httpPort, event('k1'));
        expect(reply).toEqual({
          fired: 'stateful/greet',
          body: {
            result_code: 200,
            session_variable_updates: [
              { key: 'greeted', value: 'yes' },
              { key: 'rulehook.once', value: '["stateful/greet"]' },
            ],
          },
        });
      }

      await redis.resume();
      let recovered = false;
      for (let attempt = 0; attempt < 60 && !recovered; attempt++) {
        await new Promise((r) => setTimeout(r, 100));
        const session = `k2-${attempt}`;
        await post(server.httpPort, event(session));
        recovered = (await post(server.httpPort, event(session))).fired === '';
      }
      expect(recovered).toBe(true);
      expect(server.stderr()).toContain(
        'session store unavailable; event answered as the first of its session',
      );
    } finally {
      expect(await stop(server)).toBe(0);
    }
  });

  it('serves one port from several workers with --workers, and stops them all on SIGTERM', async () => {
    const server = await startServeProcess([
      '--rules',
      RULES,
      '--expose-fired',
      '--workers',
      '2',
      '--state',
      redis.url,
      // These events carry no state back: each waits on Redis, and the default 50 ms is not always
      // enough on a loaded machine (the event is then answered as a session's first, greet firing again).
      '--state-timeout',
      '500',
    ]);
    expect(server.stdout()).toMatch(/serving 4 enabled rules in 1 ruleset from .* in 2 workers\n/);
    const session = { 'state.sessionId': 'w1', 'state.currentEvent': 'CALL_STARTED' };
    const replies = [];
    for (let i = 0; i < 6; i++) replies.push((await post(server.httpPort, session)).fired);
    expect(replies).toEqual(['stateful/greet', '', '', '', '', '']);
    expect(await stop(server)).toBe(0);
    expect(server.stdout()).toContain('rulehook: stopped\n');
  });
});

describe('rulehook serve --workers without a shared store', () => {
  it('refuses to start with a clear message', async () => {
    await expect(startServeProcess(['--rules', RULES, '--workers', '2'])).rejects.toThrow(
      /cannot use the memory store, which belongs to one process: add --state none when the engine sends the webhook's variables back with every event \(the session state travels in them\), or --state redis:\/\/host:port\/db for a store the processes share/,
    );
  });
});
