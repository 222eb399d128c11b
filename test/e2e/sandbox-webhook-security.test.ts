import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCli } from '../../src/cli/main';
import { createMemoryIO } from '../support/memory-io';
import { startServeProcess, type ServeProcess } from '../support/serve-process';
import { createTestCertificates, type TestCertificates } from '../support/test-certificates';

/** `rulehook sandbox run` through `rulehook serve` (the built binary) over TLS with a bearer token. */

const REPO = path.resolve(__dirname, '../..');
const TOKEN = 'sandbox-token-0123456789abcdef';

let certs: TestCertificates;
let dir: string;
let server: ServeProcess;

beforeAll(async () => {
  certs = await createTestCertificates();
  dir = mkdtempSync(path.join(tmpdir(), 'rulehook-sandbox-security-'));
  writeFileSync(path.join(dir, 'tokens'), `# the sandbox's token\n${TOKEN}\n`);
  writeFileSync(path.join(dir, 'wrong-token'), 'not-the-token\n');
  server = await startServeProcess([
    '--rules',
    path.join(REPO, 'examples/noise-reduction'),
    '--expose-fired',
    '--auth-tokens-file',
    path.join(dir, 'tokens'),
    '--tls-cert',
    certs.server.certFile,
    '--tls-key',
    certs.server.keyFile,
  ]);
});

afterAll(async () => {
  server.child.kill('SIGTERM');
  await server.exited;
});

interface Answer {
  kind: string;
  result_code?: number | null;
  fired?: string[] | null;
  failure?: { kind: string; message: string } | null;
}

/** The answers of the played call's timeline, and the command's exit code. */
async function play(
  webhook: string,
  tokenFile: string,
  extra: string[] = [],
): Promise<{ code: number; answers: Answer[] }> {
  const io = createMemoryIO({ cwd: REPO });
  const args = [
    'sandbox',
    'run',
    'examples/sandbox/noise-reduction.yaml',
    '--webhook',
    webhook,
    '--webhook-ca',
    certs.ca.certFile,
    '--webhook-token-file',
    path.join(dir, tokenFile),
    '--format',
    'json',
    ...extra,
  ];
  const code = await runCli(args, io);
  const played = JSON.parse(io.out()) as { sessions: { timeline: Answer[] }[] };
  return { code, answers: played.sessions[0]!.timeline.filter((e) => e.kind === 'answer') };
}

describe('rulehook sandbox --webhook over TLS with a token', () => {
  it.each([
    ['https', () => `https://localhost:${server.httpPort}`],
    ['grpcs', () => `grpcs://localhost:${server.grpcPort}`],
  ])('runs a call through %s with the token: the rules answer', async (_, url) => {
    const { code, answers } = await play(url(), 'tokens');
    expect(code).toBe(0);
    expect(answers[0]).toMatchObject({
      result_code: 200,
      fired: ['noise-reduction/ignore-heartbeats-and-progress-counters'],
    });
    expect(answers.every((a) => a.failure === null)).toBe(true);
  });

  it.each([
    ['https', () => `https://localhost:${server.httpPort}`],
    ['grpcs', () => `grpcs://localhost:${server.grpcPort}`],
  ])('goes on without the answers through %s with a wrong token, records why, and fails', async (_, url) => {
    const { code, answers } = await play(url(), 'wrong-token');
    expect(code).toBe(1);
    expect(answers.length).toBeGreaterThan(0);
    for (const answer of answers)
      expect(answer).toMatchObject({
        result_code: null,
        failure: { kind: 'status', message: expect.stringMatching(/^(HTTP 401|gRPC UNAUTHENTICATED)/) },
      });
    expect((await play(url(), 'wrong-token', ['--allow-webhook-failures'])).code).toBe(0);
  });

  it('refuses TLS files for a plain webhook, and a certificate without its key', async () => {
    const plain = createMemoryIO({ cwd: REPO });
    const scenario = 'examples/sandbox/noise-reduction.yaml';
    expect(
      await runCli(
        ['sandbox', 'run', scenario, '--webhook', 'http://127.0.0.1:1', '--webhook-ca', 'ca.pem'],
        plain,
      ),
    ).toBe(2);
    expect(plain.err()).toContain('--webhook-ca needs a TLS webhook: https:// or grpcs://');
    const halves = createMemoryIO({ cwd: REPO });
    const args = ['--scenario', scenario, '--webhook', 'https://127.0.0.1:1', '--webhook-cert', 'c.pem'];
    expect(await runCli(['sandbox', ...args], halves)).toBe(2);
    expect(halves.err()).toContain('--webhook-cert needs --webhook-key');
    const alone = createMemoryIO({ cwd: REPO });
    expect(await runCli(['sandbox', '--scenario', scenario, '--webhook-token-file', 't'], alone)).toBe(2);
    expect(alone.err()).toContain('--webhook-token-file needs --webhook');
  });
});
