import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCliProcess } from '../support/run-cli-process';
import { startServeProcess } from '../support/serve-process';
import { createTestCertificates, type TestCertificates } from '../support/test-certificates';

/** `rulehook serve` with tokens and TLS, as the built binary: startup errors, and one protected call. */

const RULES = path.resolve(__dirname, '../fixtures/e2e/rules');
const TOKEN = 'e2e-token-0123456789abcdef';

let certs: TestCertificates;
let dir: string;
beforeAll(async () => {
  certs = await createTestCertificates();
  dir = mkdtempSync(path.join(tmpdir(), 'rulehook-serve-security-'));
  writeFileSync(path.join(dir, 'tokens'), `${TOKEN}\n`);
  writeFileSync(path.join(dir, 'empty-tokens'), '# none yet\n');
  execFileSync('mkfifo', [path.join(dir, 'fifo')]);
});

const serve = (args: string[]) =>
  runCliProcess(['serve', '--rules', RULES, '--http-port', '0', '--grpc-port', '0', ...args], 15_000);

describe('rulehook serve refuses to start on bad security files, in one sentence', () => {
  it.each([
    [
      'a tokens file with no token',
      () => ['--auth-tokens-file', path.join(dir, 'empty-tokens')],
      () =>
        `${path.join(dir, 'empty-tokens')} holds no token (only blank lines and # comments): add one per line`,
    ],
    [
      'a key that is not the certificate’s',
      () => ['--tls-cert', certs.server.certFile, '--tls-key', certs.client.keyFile],
      () =>
        `the private key ${certs.client.keyFile} does not belong to the certificate ${certs.server.certFile}`,
    ],
    [
      'a tokens file that is a FIFO, which no one writes (it would hang the read for good)',
      () => ['--auth-tokens-file', path.join(dir, 'fifo')],
      () =>
        `cannot read the tokens file ${path.join(dir, 'fifo')}: it is a FIFO (named pipe), not a regular file`,
    ],
    [
      'a certificate that is a FIFO',
      () => ['--tls-cert', path.join(dir, 'fifo'), '--tls-key', certs.server.keyFile],
      () =>
        `cannot read the certificate (--tls-cert) ${path.join(dir, 'fifo')}: it is a FIFO (named pipe), not a regular file`,
    ],
    [
      'a certificate it cannot read',
      () => ['--tls-cert', path.join(dir, 'nope.crt'), '--tls-key', certs.server.keyFile],
      () => `cannot read the certificate (--tls-cert) ${path.join(dir, 'nope.crt')} (ENOENT)`,
    ],
    [
      'a tokens file it cannot read, before forking workers',
      () => [
        '--auth-tokens-file',
        path.join(dir, 'nope'),
        '--workers',
        '2',
        '--state',
        'redis://127.0.0.1:1/0',
      ],
      () => `cannot read the tokens file ${path.join(dir, 'nope')} (ENOENT)`,
    ],
  ])('%s', async (_case, args, message) => {
    const run = await serve(args());
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`rulehook serve: refusing to start: ${message()}\n`);
  });
});

it('serves HTTPS with a token, and says so', async () => {
  const server = await startServeProcess([
    '--rules',
    RULES,
    '--no-grpc',
    '--auth-tokens-file',
    path.join(dir, 'tokens'),
    '--tls-cert',
    certs.server.certFile,
    '--tls-key',
    certs.server.keyFile,
  ]);
  try {
    expect(server.stdout()).toMatch(/HTTP listening on https:\/\/127\.0\.0\.1:\d+\n/);
    const post = (authorization?: string) =>
      new Promise<number>((resolve, reject) => {
        const req = https.request(
          {
            host: '127.0.0.1',
            servername: 'localhost',
            port: server.httpPort,
            path: '/v1/events',
            method: 'POST',
            ca: certs.ca.cert,
            headers: { 'content-type': 'application/json', ...(authorization && { authorization }) },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.end('{"session_variables":{}}');
      });
    expect(await post()).toBe(401);
    expect(await post(`Bearer ${TOKEN}`)).toBe(200);
  } finally {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }
});
