import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runServe } from '../../src/cli/commands/serve/serve';
import type { RunningHost } from '../../src/hosts';
import { createMemoryIO } from '../support/memory-io';
import { createTestCertificates, type TestCertificates } from '../support/test-certificates';
import { REPO, replay } from './run-replay';

/** `replay --target` at a `rulehook serve` that asks for a bearer token, over TLS (https://, grpcs://). */

const RULES = path.join(REPO, 'examples/noise-reduction');
const RECORDING = 'examples/noise-reduction/recordings/2024-06-11-busy-hour.jsonl';
const TOKEN = 'replay-token-0123456789abcdef';

let certs: TestCertificates;
let tokenFile: string;
beforeAll(async () => {
  certs = await createTestCertificates();
  tokenFile = path.join(mkdtempSync(path.join(tmpdir(), 'rulehook-replay-auth-')), 'tokens');
  writeFileSync(tokenFile, `# the replay's token\n${TOKEN}\n`);
});

async function serveProtected() {
  const io = createMemoryIO();
  const controller = new AbortController();
  let listening!: (hosts: { http?: RunningHost; grpc?: RunningHost }) => void;
  const hosts = new Promise<{ http?: RunningHost; grpc?: RunningHost }>((resolve) => (listening = resolve));
  const args = ['--rules', RULES, '--http-port', '0', '--grpc-port', '0', '--expose-fired'];
  args.push(
    '--auth-tokens-file',
    tokenFile,
    '--tls-cert',
    certs.server.certFile,
    '--tls-key',
    certs.server.keyFile,
  );
  const exit = runServe(args, io, { signal: controller.signal, onListening: listening });
  const bound = await Promise.race([
    hosts,
    exit.then((c) => Promise.reject(new Error(`serve exited ${c}: ${io.err()}`))),
  ]);
  return {
    io,
    // The server's certificate names localhost and 127.0.0.1; TLS SNI carries names only.
    https: `https://localhost:${bound.http!.port}`,
    grpcs: `grpcs://localhost:${bound.grpc!.port}`,
    stop: async () => {
      controller.abort();
      expect(await exit).toBe(0);
    },
  };
}

describe('replay --target at a protected rulehook serve', () => {
  let server: Awaited<ReturnType<typeof serveProtected>>;
  beforeAll(async () => {
    server = await serveProtected();
  });
  afterAll(() => server.stop());

  it('says where it listens, with https', () => {
    expect(server.io.out()).toMatch(/HTTP listening on https:\/\/127\.0\.0\.1:\d+\n/);
    expect(server.io.out()).toMatch(/gRPC listening on 127\.0\.0\.1:\d+ \(TLS\)\n/);
  });

  it.each(['https', 'grpcs'] as const)(
    'replays over %s with the token of --target-token-file and the CA of --target-ca',
    async (scheme) => {
      const run = await replay([
        '--target',
        server[scheme],
        RECORDING,
        '--format',
        'jsonl',
        '--target-token-file',
        tokenFile,
        '--target-ca',
        certs.ca.certFile,
      ]);
      expect(run.err).toMatch(/\(rulehook serve\): [\d,]+ requests, 0 failed/);
      expect(run.code).toBe(0);
      expect(run.lines().some((l) => Array.isArray(l.fired) && l.fired.length > 0)).toBe(true);
    },
  );

  it('takes the token from RULEHOOK_TARGET_TOKEN when no file is given', async () => {
    const run = await replay(
      ['--target', server.https, RECORDING, '--format', 'summary', '--target-ca', certs.ca.certFile],
      { env: { RULEHOOK_TARGET_TOKEN: TOKEN } },
    );
    expect(run.out).toMatch(/\(rulehook serve\): [\d,]+ requests, 0 failed/);
    expect(run.code).toBe(0);
  });

  it.each([
    [
      'https',
      /error +[\d,]+ × HTTP 401: \{"error":\{"code":"UNAUTHORIZED","message":"this server requires a bearer token/,
    ],
    ['grpcs', /error +[\d,]+ × gRPC UNAUTHENTICATED: this server requires a bearer token/],
  ] as const)('reports every call refused without a token (%s), and exits 1', async (scheme, error) => {
    const run = await replay([
      '--target',
      server[scheme],
      RECORDING,
      '--format',
      'summary',
      '--target-ca',
      certs.ca.certFile,
      '--timeout',
      '3000',
    ]);
    expect(run.code).toBe(1);
    expect(run.out).toMatch(error);
  });

  it('refuses to start on a token file it cannot read', async () => {
    const missing = path.join(certs.dir, 'no-such-token');
    const run = await replay(['--target', server.https, RECORDING, '--target-token-file', missing]);
    expect(run.code).toBe(1);
    expect(run.err).toBe(`rulehook replay: cannot read --target-token-file ${missing} (ENOENT)\n`);
  });
});
