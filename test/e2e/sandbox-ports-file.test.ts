import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkHealth, createHealthClient } from '../support/health-client';
import { callHttp, createSandboxGrpcClient } from '../support/sandbox-clients';
import { BUILT_CLI } from '../support/serve-process';

/**
 * A CI job's use of the built binary: start the sandbox on free ports with --ports-file, wait for the file
 * (a poll never reads half of it), then call both ports; the file goes at the stop.
 */
const SCENARIO = path.join(__dirname, '../../examples/sandbox/noise-reduction.yaml');
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sandbox-ports-'));
});

afterEach(() => rm(dir, { recursive: true, force: true }));

/** Polls for `file` as a script would (`until [ -s FILE ]`); every read of it must be whole JSON. */
async function waitForFile(file: string, timeoutMs: number): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${file} did not appear within ${timeoutMs} ms`);
}

it('writes the ports of both hosts to --ports-file, where a script finds and calls them', async () => {
  const file = path.join(dir, 'sandbox.json');
  const args = ['--http-port', '0', '--grpc-port', '0', '--ports-file', file];
  const child = spawn(process.execPath, [
    BUILT_CLI,
    'sandbox',
    '--scenario',
    SCENARIO,
    '--start-time',
    '2026-05-01T11:00:00+02:00',
    ...args,
  ]);
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  try {
    const ports = (await waitForFile(file, 15_000)) as {
      event: string;
      pid: number;
      http: { host: string; port: number };
      grpc: { host: string; port: number };
    };
    expect(ports).toEqual({
      event: 'listening',
      pid: child.pid,
      http: { host: '127.0.0.1', port: expect.any(Number) },
      grpc: { host: '127.0.0.1', port: expect.any(Number) },
    });
    expect(ports.http.port).toBeGreaterThan(0);
    // The same object is the last startup line, after the human ones.
    expect(out.trimEnd().split('\n').at(-1)).toBe(JSON.stringify(ports));
    expect(out).toContain(`HTTP listening on http://127.0.0.1:${ports.http.port}\n`);

    const base = `http://127.0.0.1:${ports.http.port}`;
    expect((await callHttp(base, 'GET', '/readyz')).body).toEqual({ status: 'ready' });
    const address = `127.0.0.1:${ports.grpc.port}`;
    const health = createHealthClient(address);
    const bot = createSandboxGrpcClient(address, 'IVRBot');
    try {
      expect(await checkHealth(health, '')).toEqual({ status: 'SERVING' });
      const started = await bot.call('StartIVRSession', {
        gk_scope_id: 'bank',
        call_id: 'ci-call',
        recording_id: 'rec-genuine',
      });
      const listed = await callHttp(base, 'GET', '/v1/sandbox/sessions?call_id=ci-call');
      expect(listed.body.sessions).toEqual([
        expect.objectContaining({
          call_session_id: started.call_session_id,
          // The clock started at --start-time (in UTC), not at the wall clock.
          started_at: expect.stringMatching(/^2026-05-01T09:00:0\d\.\d{3}Z$/),
        }),
      ]);
    } finally {
      health.close();
      bot.close();
    }
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(existsSync(file)).toBe(false);
  } finally {
    child.kill('SIGKILL');
  }
});
