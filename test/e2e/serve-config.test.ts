import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describeWithRedis, RedisServer } from '../support/redis-server';
import { startServeProcess, type ServeProcess } from '../support/serve-process';

// Each test starts real processes (node, redis-server): allow for a loaded 2-core CI machine.
jest.setTimeout(30_000);

const EXAMPLE = path.resolve(__dirname, '../../examples/deploy/rulehook.yaml');
const STATEFUL = path.resolve(__dirname, '../fixtures/e2e/stateful');

async function post(port: number | undefined, vars: Record<string, string>) {
  const res = await fetch(`http://127.0.0.1:${port}/v1/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ session_variables: vars }),
  });
  return { status: res.status, fired: res.headers.get('rulehook-fired') };
}

async function stop(server: ServeProcess): Promise<number | null> {
  server.child.kill('SIGTERM');
  return server.exited;
}

describe('rulehook serve --config (the built binary)', () => {
  it('serves the example configuration, its flags winning over the file', async () => {
    const server = await startServeProcess([
      '--config',
      EXAMPLE,
      ...['--host', '127.0.0.1', '--workers', '1', '--state', 'memory'],
    ]);
    try {
      expect(server.stdout()).toMatch(
        /serving \d+ enabled rules in 1 ruleset from .*fraud-and-spoofing \(revision/,
      );
      expect(await post(server.httpPort, { 'state.currentEvent': 'CALL_STARTED' })).toEqual({
        status: 200,
        fired: null,
      });
    } finally {
      expect(await stop(server)).toBe(0);
    }
  });
});

describeWithRedis('rulehook serve --config with --workers (the built binary)', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await RedisServer.start();
  });
  afterAll(() => redis.kill());

  it("runs every worker with the file's settings", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rulehook-e2e-config-'));
    const config = path.join(dir, 'rulehook.yaml');
    writeFileSync(
      config,
      `rules: ${STATEFUL}\nworkers: 2\nstate: ${redis.url}\nmax_variables: 3\nexpose_fired: true\n`,
    );
    const server = await startServeProcess(['--config', config]);
    try {
      expect(server.stdout()).toMatch(/serving 4 enabled rules in 1 ruleset from .* in 2 workers\n/);
      const session = { 'state.sessionId': 'c1', 'state.currentEvent': 'CALL_STARTED' };
      const replies = [];
      for (let i = 0; i < 4; i++) replies.push(await post(server.httpPort, session));
      expect(replies.map((r) => r.fired)).toEqual(['stateful/greet', '', '', '']);
      // max_variables: 3 holds in whichever worker answers, replacements included.
      for (let i = 0; i < 4; i++)
        expect((await post(server.httpPort, { ...session, a: '1', b: '2' })).status).toBe(400);
    } finally {
      expect(await stop(server)).toBe(0);
    }
  });
});
