import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parsePrometheusText, sampleValue } from '../support/prometheus-text';
import { startServeProcess, type ServeProcess } from '../support/serve-process';

/**
 * `/metrics` of the built `rulehook serve` with `--auth-tokens-file`: its counters name the rules that fired,
 * so it needs a token unless the operator opens it on purpose (`--metrics-open`), in one process and with
 * `--workers`, where the primary sums the workers' metrics.
 */

// --workers starts processes and waits up to 2 s for a Redis that is not there.
jest.setTimeout(60_000);

const RULES = path.resolve(__dirname, '../fixtures/e2e/rules');
const TOKEN = 'metrics-token-0123456789abcdef';
const FIRED = { ruleset: 'e2e', rule: 'tag-uk-callers' };

let dir: string;
let tokens: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'rulehook-metrics-auth-'));
  tokens = path.join(dir, 'tokens');
  writeFileSync(tokens, `${TOKEN}\n`);
});

interface Answer {
  status: number;
  body: string;
}

/** One request on a connection of its own (under --workers, each goes to the next worker in turn). */
function call(
  port: number,
  method: string,
  urlPath: string,
  options: { token?: boolean; body?: string } = {},
) {
  return new Promise<Answer>((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (options.token === true) headers.authorization = `Bearer ${TOKEN}`;
    const req = http.request(
      { host: '127.0.0.1', port, method, path: urlPath, headers, agent: false },
      (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (d: string) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const sendUkCall = (port: number) =>
  call(port, 'POST', '/v1/events', {
    token: true,
    body: JSON.stringify({
      session_variables: { 'state.currentEvent': 'CALL_STARTED', 'caller.ani': '+441234' },
    }),
  });

const firedCount = (text: string) =>
  sampleValue(parsePrometheusText(text).samples, 'rulehook_rules_fired_total', FIRED);

async function stop(server: ServeProcess): Promise<void> {
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
}

describe('rulehook serve --auth-tokens-file: /metrics', () => {
  it('needs a token by default: without one, 401 and no counter; with one, the counters', async () => {
    const server = await startServeProcess(['--rules', RULES, '--no-grpc', '--auth-tokens-file', tokens]);
    try {
      const port = server.httpPort!;
      expect((await sendUkCall(port)).status).toBe(200);
      const refused = await call(port, 'GET', '/metrics');
      expect(refused.status).toBe(401);
      expect(JSON.parse(refused.body)).toEqual({
        error: {
          code: 'UNAUTHORIZED',
          message: 'this server requires a bearer token: send Authorization: Bearer <token>',
        },
      });
      expect(refused.body).not.toContain('rulehook_');
      const scraped = await call(port, 'GET', '/metrics', { token: true });
      expect(scraped.status).toBe(200);
      expect(firedCount(scraped.body)).toBe(1);
    } finally {
      await stop(server);
    }
  });

  it('is open with metrics_open: true in the configuration file, and nothing else is', async () => {
    const config = path.join(dir, 'open-metrics.yaml');
    writeFileSync(config, `rules: ${RULES}\nauth_tokens_file: ${tokens}\nmetrics_open: true\n`);
    const server = await startServeProcess(['--config', config, '--no-grpc']);
    try {
      const port = server.httpPort!;
      expect((await sendUkCall(port)).status).toBe(200);
      const scraped = await call(port, 'GET', '/metrics');
      expect(scraped.status).toBe(200);
      expect(firedCount(scraped.body)).toBe(1);
      expect((await call(port, 'POST', '/admin/reload')).status).toBe(401);
      expect((await call(port, 'POST', '/v1/events', { body: '{}' })).status).toBe(401);
    } finally {
      await stop(server);
    }
  });

  it('needs a token from every worker of --workers, whose sum it then shows', async () => {
    const server = await startServeProcess(
      [
        ...['--rules', RULES, '--no-grpc', '--auth-tokens-file', tokens],
        ...['--workers', '2', '--state', 'redis://127.0.0.1:1/0'],
      ],
      30_000,
    );
    try {
      const port = server.httpPort!;
      for (let i = 0; i < 4; i++) expect((await sendUkCall(port)).status).toBe(200);
      // Connections go to the workers in turn: four scrapes reach both.
      for (let i = 0; i < 4; i++) expect((await call(port, 'GET', '/metrics')).status).toBe(401);
      for (let i = 0; i < 2; i++) {
        const scraped = await call(port, 'GET', '/metrics', { token: true });
        expect(scraped.status).toBe(200);
        expect(firedCount(scraped.body)).toBe(4);
      }
    } finally {
      await stop(server);
    }
  });
});
