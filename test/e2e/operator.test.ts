import * as grpc from '@grpc/grpc-js';
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { parsePrometheusText, sampleValue } from '../support/prometheus-text';
import { describeWithRedis, RedisServer } from '../support/redis-server';
import { startServeProcess, type ServeProcess } from '../support/serve-process';
import { createTestCertificates, type TestCertificates } from '../support/test-certificates';
import { saveFile } from '../support/save-file';

/**
 * rulehook as an operator runs it: a configuration file with tokens and TLS, two workers sharing Redis;
 * a rule edit picked up in seconds, a broken edit refused while the old rules keep serving, `kill -HUP`
 * reloading, the gRPC health check answering SERVING with the revision, and the metrics showing per-rule
 * fires summed over both workers. (The decision log replaying is test/e2e/decision-log.test.ts: it is
 * written by one process, so not under --workers.)
 */

jest.setTimeout(60_000);

const FIXTURE = path.resolve(__dirname, '../fixtures/e2e/stateful');
const RULE_FILE = 'stateful.yaml';
const TOKEN = 'operator-token-0123456789';

interface Answer {
  status: number;
  body: string;
}

describeWithRedis('an operator running rulehook (config file, tokens, TLS, two workers)', () => {
  let redis: RedisServer | undefined;
  let certs: TestCertificates;
  let dir: string;
  let server: ServeProcess;
  let sessions = 0;

  /** One HTTPS request on a connection of its own (so that both workers answer in turn). */
  const request = (method: string, url: string, body?: object, token: string | null = TOKEN) =>
    new Promise<Answer>((resolve, reject) => {
      const req = https.request(
        { host: '127.0.0.1', port: server.httpPort, path: url, method, ca: certs.ca.cert, agent: false },
        (res) => {
          let text = '';
          res.setEncoding('utf8').on('data', (d: string) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      if (token !== null) req.setHeader('authorization', `Bearer ${token}`);
      if (body !== undefined) req.setHeader('content-type', 'application/json');
      req.end(body === undefined ? undefined : JSON.stringify(body));
    });
  /** The `greeted` value a new session's first event gets: which rules answer. */
  const greeting = async () => {
    const event = {
      'state.sessionId': `op-${Date.now()}-${sessions++}`,
      'state.currentEvent': 'CALL_STARTED',
    };
    const answer = await request('POST', '/v1/events', { session_variables: event });
    expect(answer.status).toBe(200);
    const updates = (
      JSON.parse(answer.body) as { session_variable_updates?: { key: string; value: string }[] }
    ).session_variable_updates;
    return updates?.find((u) => u.key === 'greeted')?.value;
  };
  /** Polls until `times` answers in a row greet with `value`, or `ms` pass. */
  const waitForGreeting = async (value: string, times = 6, ms = 10_000) => {
    for (const deadline = Date.now() + ms; Date.now() < deadline;) {
      let row = 0;
      while (row < times && (await greeting()) === value) row++;
      if (row === times) return true;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return false;
  };

  beforeAll(async () => {
    if (process.env.REDIS_URL === undefined) redis = await RedisServer.start();
    certs = await createTestCertificates();
    dir = path.join(os.tmpdir(), `rulehook-operator-${process.pid}`);
    cpSync(FIXTURE, path.join(dir, 'rules'), { recursive: true });
    writeFileSync(path.join(dir, 'tokens.txt'), `# rotated monthly\n${TOKEN}\n`);
    writeFileSync(
      path.join(dir, 'rulehook.yaml'),
      [
        'rules: rules',
        `state: ${process.env.REDIS_URL ?? redis!.url}`,
        'workers: 2',
        'auth_tokens_file: tokens.txt',
        `tls_cert: ${certs.server.certFile}`,
        `tls_key: ${certs.server.keyFile}`,
        '',
      ].join('\n'),
    );
    server = await startServeProcess(['--config', path.join(dir, 'rulehook.yaml')]);
  });
  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
    await redis?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves over TLS to callers with a token only', async () => {
    expect(server.stdout()).toMatch(/HTTP listening on https:\/\//);
    expect((await request('POST', '/v1/events', { session_variables: {} }, null)).status).toBe(401);
    expect(await waitForGreeting('yes')).toBe(true);
  });

  it('picks up a rule edit in seconds, refuses a broken one while the old rules serve, reloads on SIGHUP', async () => {
    const file = path.join(dir, 'rules', RULE_FILE);
    const original = await readFile(file, 'utf8');
    await saveFile(file, original.replace('greeted: "yes"', 'greeted: "edited"'));
    expect(await waitForGreeting('edited')).toBe(true);

    await saveFile(file, 'ruleset: broken\nrules: [ { id: ]\n');
    for (const deadline = Date.now() + 10_000; !server.stderr().includes('rules reload refused');) {
      if (Date.now() > deadline) throw new Error(`no refusal logged:\n${server.stderr()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await waitForGreeting('edited')).toBe(true);

    // SIGHUP to the primary reloads (here the file is restored, as an operator reverting the edit would).
    await saveFile(file, original);
    server.child.kill('SIGHUP');
    expect(await waitForGreeting('yes')).toBe(true);
    expect(server.child.exitCode).toBeNull();
  });

  it('answers the gRPC health check SERVING, with the revision it serves', async () => {
    const client = new grpc.Client(`localhost:${server.grpcPort}`, grpc.credentials.createSsl(certs.ca.cert));
    try {
      const metadata = new grpc.Metadata();
      metadata.set('authorization', `Bearer ${TOKEN}`);
      const { status, revision } = await new Promise<{ status: Buffer; revision: unknown }>(
        (resolve, reject) => {
          let revision: unknown;
          const call = client.makeUnaryRequest(
            '/grpc.health.v1.Health/Check',
            (b: Buffer) => b,
            (b: Buffer) => b,
            Buffer.alloc(0),
            metadata,
            (error, response) => (error ? reject(error) : resolve({ status: response!, revision })),
          );
          call.on('metadata', (m: grpc.Metadata) => (revision = m.get('rulehook-revision')[0]));
        },
      );
      // HealthCheckResponse { status: SERVING (1) }.
      expect([...status]).toEqual([0x08, 0x01]);
      const readyz = JSON.parse((await request('GET', '/readyz')).body) as { revision: string };
      expect(revision).toBe(readyz.revision);
      expect(readyz.revision).toMatch(/^[0-9a-f]{12}$/);
    } finally {
      client.close();
    }
  });

  it('shows per-rule fires summed over both workers in /metrics', async () => {
    const { samples } = parsePrometheusText((await request('GET', '/metrics')).body);
    const greets = sampleValue(samples, 'rulehook_rules_fired_total', { ruleset: 'stateful', rule: 'greet' });
    const answered = samples
      .filter((s) => s.name === 'rulehook_events_total' && s.labels.outcome === 'answered')
      .reduce((sum, s) => sum + s.value, 0);
    // Every greeting above fired the rule once, on one worker or the other.
    expect(greets).toBe(sessions);
    expect(answered).toBe(sessions);
    expect(sampleValue(samples, 'rulehook_rule_reloads_total', { result: 'refused' })).toBe(1);
  });
});
