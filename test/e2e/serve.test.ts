import { execFile } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { RawWebhookClient } from '../support/grpc-client';
import { startServeProcess, type ServeProcess } from '../support/serve-process';

// Each test starts real processes (node, redis-server): allow for a loaded 2-core CI machine.
jest.setTimeout(30_000);

const RULES = path.resolve(__dirname, '../fixtures/e2e/rules');
const BUF = path.resolve(__dirname, '../../node_modules/.bin/buf');

describe('rulehook serve (the built binary, as a process)', () => {
  let server: ServeProcess;
  beforeAll(async () => {
    server = await startServeProcess(['--rules', RULES, '--expose-fired']);
  });
  afterAll(() => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
  });

  it('prints where it listens', () => {
    expect(server.stdout()).toMatch(/rulehook: HTTP listening on http:\/\/127\.0\.0\.1:\d+\n/);
    expect(server.stdout()).toMatch(/rulehook: gRPC listening on 127\.0\.0\.1:\d+\n/);
  });

  it('answers over HTTP with the rules applied', async () => {
    const res = await fetch(`http://127.0.0.1:${server.httpPort}/v1/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        session_variables: { 'state.currentEvent': 'CALL_STARTED', 'caller.ani': '+4420' },
      }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('rulehook-fired')).toBe('e2e/tag-uk-callers');
    expect(await res.json()).toEqual({
      result_code: 200,
      session_variable_updates: [{ key: 'caller.region', value: 'uk' }],
    });
  });

  it('answers a gRPC client built from the spec’s tag numbers alone', async () => {
    const client = new RawWebhookClient(`127.0.0.1:${server.grpcPort}`);
    try {
      const reply = await client.sendVariables({
        'state.currentEvent': 'CALL_STARTED',
        'caller.ani': '+4420',
      });
      expect(reply.ok && reply.response).toEqual({
        result_code: 200,
        session_variable_updates: [{ key: 'caller.region', value: 'uk' }],
      });
      expect(reply.ok && reply.trailer.get('rulehook-fired')).toEqual(['e2e/tag-uk-callers']);
    } finally {
      client.close();
    }
  });

  it('serves reflection that a Go client (buf curl) can use with no .proto file', async () => {
    const { stdout } = await promisify(execFile)(BUF, [
      'curl',
      '--protocol',
      'grpc',
      '--http2-prior-knowledge',
      '-d',
      '{"session_variables":{"state.currentEvent":"CALL_STARTED","caller.ani":"+4420"}}',
      `http://127.0.0.1:${server.grpcPort}/vendor.biosec.v1.CustomBusinessLogic/OnEvent`,
    ]);
    expect(JSON.parse(stdout)).toEqual({
      resultCode: 200,
      sessionVariableUpdates: [{ key: 'caller.region', value: 'uk' }],
    });
  });

  it('on SIGTERM stops accepting, finishes the in-flight request, and exits 0', async () => {
    // Start a request and hold its body open, so it is in flight when the signal arrives.
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: server.httpPort,
          method: 'POST',
          path: '/v1/events',
          headers: { 'content-type': 'application/json' },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8').on('data', (d: string) => (body += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.write('{"session_variables":{"state.currentEvent":');
      setTimeout(() => {
        server.child.kill('SIGTERM');
        setTimeout(() => req.end('"CALL_STARTED"}}'), 300);
      }, 100);
    });
    expect(await response).toEqual({ status: 200, body: '{"result_code":200}' });
    expect(await server.exited).toBe(0);
    expect(server.stdout()).toContain('rulehook: stopped\n');
  });
});

describe('rulehook serve refusing to start', () => {
  it('exits 1 and prints the diagnostics of an invalid rule set', async () => {
    await expect(
      startServeProcess(['--rules', path.resolve(__dirname, '../fixtures/e2e/invalid')]),
    ).rejects.toThrow(/serve exited with 1 before listening[\s\S]*invalid\.yaml:\d+:\d+ - error [A-Z_]+/);
  });
});
