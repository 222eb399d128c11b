import * as grpc from '@grpc/grpc-js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import {
  BearerTokens,
  CallerAuth,
  createHttpHandler,
  startGrpcHost,
  startHttpHost,
  WebhookCore,
} from '../../src/hosts';
import { createJsonLogger, silentLogger } from '../../src/observability/logger';
import { emptyProcessor } from '../../src/processor';
import { listReflectedServices } from '../../src/replay/lanes/list-reflected-services';
import { exchangeRaw } from '../support/raw-http';
import { createTestCertificates } from '../support/test-certificates';
import net from 'node:net';

/** What each host does with bearer tokens beyond the shared contract: HTTP's 401 and open paths, gRPC's other methods. */

const TOKEN = 'host-token-0123456789abcdef';
const AUTHORIZATION = `Bearer ${TOKEN}`;

async function createAuth(
  core: WebhookCore,
  options: { protectProbes?: boolean; protectMetrics?: boolean; logs?: string[] } = {},
): Promise<CallerAuth> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'rulehook-auth-')), 'tokens');
  writeFileSync(file, `${TOKEN}\n`);
  const loaded = await BearerTokens.load(file);
  if (!loaded.ok) throw new Error(loaded.message);
  const logs = options.logs;
  const logger =
    logs === undefined ? silentLogger : createJsonLogger({ write: (line: string) => logs.push(line) });
  const { protectProbes = false, protectMetrics = true } = options;
  return new CallerAuth({ tokens: loaded.tokens, protectProbes, protectMetrics }, core.metrics, logger);
}

async function createListener(options: Parameters<typeof createAuth>[1] = {}) {
  const core = new WebhookCore({ processor: emptyProcessor });
  const auth = await createAuth(core, options);
  return createHttpHandler(core, { maxBodyBytes: 65_536, logger: silentLogger, auth });
}

describe('HTTP host with --auth-tokens-file', () => {
  it('answers 401 in the JSON error format, with a WWW-Authenticate challenge', async () => {
    const listener = await createListener();
    const missing = await request(listener)
      .post('/v1/events')
      .set('content-type', 'application/json')
      .send('{}');
    expect(missing.status).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer realm="rulehook"');
    expect(missing.body).toEqual({
      error: {
        code: 'UNAUTHORIZED',
        message: 'this server requires a bearer token: send Authorization: Bearer <token>',
      },
    });
    const invalid = await request(listener)
      .post('/v1/events')
      .set('authorization', 'Bearer nope-nope-nope-nope')
      .set('content-type', 'application/json')
      .send('{}');
    expect(invalid.status).toBe(401);
    expect(invalid.headers['www-authenticate']).toBe('Bearer realm="rulehook", error="invalid_token"');
    expect(invalid.body.error).toEqual({ code: 'UNAUTHORIZED', message: 'the bearer token is not valid' });
  });

  it('leaves the probes open by default, and protects everything else: /metrics, unknown paths', async () => {
    const listener = await createListener();
    for (const open of ['/healthz', '/readyz'])
      expect([open, (await request(listener).get(open)).status]).toEqual([open, 200]);
    expect((await request(listener).get('/metrics')).status).toBe(401);
    expect((await request(listener).get('/metrics').set('authorization', AUTHORIZATION)).status).toBe(200);
    expect((await request(listener).get('/v2/nothing')).status).toBe(401);
    expect((await request(listener).get('/v1/events')).status).toBe(401);
    expect((await request(listener).get('/v2/nothing').set('authorization', AUTHORIZATION)).status).toBe(404);
  });

  it('protects the probes with --auth-probes, and opens /metrics with --metrics-open', async () => {
    const probes = await createListener({ protectProbes: true });
    expect((await request(probes).get('/healthz')).status).toBe(401);
    expect((await request(probes).get('/readyz')).status).toBe(401);
    expect((await request(probes).get('/healthz').set('authorization', AUTHORIZATION)).status).toBe(200);
    const metrics = await createListener({ protectMetrics: false });
    expect((await request(metrics).get('/metrics')).status).toBe(200);
    expect((await request(metrics).get('/healthz')).status).toBe(200);
    expect((await request(metrics).post('/admin/reload')).status).toBe(401);
  });

  it('logs refusals at most once per interval, with the reason and never the token', async () => {
    const logs: string[] = [];
    const listener = await createListener({ logs });
    for (let i = 0; i < 5; i++)
      await request(listener).post('/v1/events').set('authorization', 'Bearer secret-guess-0123456789');
    expect(logs).toHaveLength(1);
    expect(JSON.parse(logs[0]!)).toMatchObject({
      level: 'warn',
      msg: 'call refused: no valid bearer token',
      transport: 'http',
      reason: 'invalid',
    });
    expect(logs[0]).not.toContain('secret-guess');
  });

  it('keeps the connection after refusing a small body, and closes it rather than read a large one', async () => {
    const core = new WebhookCore({ processor: emptyProcessor });
    const host = await startHttpHost(core, {
      host: '127.0.0.1',
      port: 0,
      maxBodyBytes: 1_048_576,
      logger: silentLogger,
      limits: { maxInflightBytes: 1_048_576 },
      auth: await createAuth(core),
    });
    try {
      const head = (length: number) =>
        `POST /v1/events HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${length}\r\n\r\n`;
      const small = await exchangeRaw(host.port, [head(2) + '{}'], { responses: 1, waitMs: 300 });
      expect(small.responses.map((r) => [r.status, r.headers.connection])).toEqual([[401, 'keep-alive']]);
      expect(small.closed).toBe(false);
      const large = await exchangeRaw(host.port, [head(500_000)], { responses: 1, waitMs: 2000 });
      expect(large.responses.map((r) => [r.status, r.headers.connection])).toEqual([[401, 'close']]);
      expect(large.closed).toBe(true);
    } finally {
      await host.close();
    }
  });
});

describe('HTTPS host', () => {
  it('closes a connection that does not finish its TLS handshake within --headers-timeout', async () => {
    const certs = await createTestCertificates();
    const host = await startHttpHost(new WebhookCore({ processor: emptyProcessor }), {
      host: '127.0.0.1',
      port: 0,
      maxBodyBytes: 65_536,
      logger: silentLogger,
      limits: { headersTimeoutMs: 200, requestTimeoutMs: 1000 },
      tls: { cert: certs.server.cert, key: certs.server.key, clientCa: undefined },
    });
    try {
      const started = Date.now();
      const closedAfter = await new Promise<number>((resolve) => {
        const socket = net.connect(host.port, '127.0.0.1');
        socket.on('close', () => resolve(Date.now() - started));
        socket.on('error', () => undefined);
        socket.setTimeout(5000, () => socket.destroy());
      });
      expect(closedAfter).toBeGreaterThanOrEqual(150);
      expect(closedAfter).toBeLessThan(2000);
    } finally {
      await host.close();
    }
  });
});

describe('gRPC host with --auth-tokens-file', () => {
  it('asks a token of reflection too', async () => {
    const core = new WebhookCore({ processor: emptyProcessor });
    const host = await startGrpcHost(core, {
      host: '127.0.0.1',
      port: 0,
      maxMessageBytes: 65_536,
      logger: silentLogger,
      auth: await createAuth(core),
    });
    const client = new grpc.Client(`127.0.0.1:${host.port}`, grpc.credentials.createInsecure());
    try {
      await expect(listReflectedServices(client, 5000)).rejects.toMatchObject({
        code: grpc.status.UNAUTHENTICATED,
        details: 'this server requires a bearer token: send metadata authorization: Bearer <token>',
      });
      const metadata = new grpc.Metadata();
      metadata.set('authorization', AUTHORIZATION);
      expect(await listReflectedServices(client, 5000, metadata)).toContain(
        'vendor.biosec.v1.CustomBusinessLogic',
      );
      expect(core.metrics.snapshot()).toMatchObject({
        rulehook_auth_failures_total: 1,
        'rulehook_auth_failures_total{transport="grpc",reason="missing"}': 1,
        'rulehook_auth_failures_total{transport="grpc",reason="invalid"}': 0,
      });
    } finally {
      client.close();
      await host.close();
    }
  });
});
