import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createEmptyResponse } from '../../src/contract';
import { BearerTokens, CallerAuth, WebhookCore, type TlsSettings } from '../../src/hosts';
import { silentLogger } from '../../src/observability/logger';
import type { EventProcessor } from '../../src/processor';
import { createTestCertificates, type TestCertificates } from '../support/test-certificates';
import {
  startSecureGrpcHost,
  startSecureHttpHost,
  type Caller,
  type SecureHostOptions,
  type SecureHostUnderTest,
} from './secure-adapters';

/**
 * The security contract, every host: bearer tokens (`--auth-tokens-file`), TLS (`--tls-cert`, `--tls-key`)
 * and mutual TLS (`--tls-client-ca`), through real servers on loopback and real clients (node:https, grpc-js).
 */

const TOKEN_A = 'token-a-0123456789abcdef';
const TOKEN_B = 'token-b-0123456789abcdef';
const TOKEN_C = 'token-c-0123456789abcdef';
const bearer = (token: string): Caller => ({ authorization: `Bearer ${token}` });

const hosts: [string, (core: WebhookCore, options: SecureHostOptions) => Promise<SecureHostUnderTest>][] = [
  ['HTTP', startSecureHttpHost],
  ['gRPC', startSecureGrpcHost],
];

/** Counts the events it is asked to evaluate, and fires one rule on each. */
function countingProcessor(): EventProcessor & { calls: number } {
  return {
    calls: 0,
    process() {
      this.calls++;
      return { response: createEmptyResponse(), fired: ['auth/seen'] };
    },
  };
}

function writeTokens(file: string, text: string): void {
  writeFileSync(file, text);
}

async function loadAuth(file: string, core: WebhookCore): Promise<CallerAuth> {
  const loaded = await BearerTokens.load(file);
  if (!loaded.ok) throw new Error(loaded.message);
  return new CallerAuth(
    { tokens: loaded.tokens, protectProbes: false, protectMetrics: true },
    core.metrics,
    silentLogger,
  );
}

let certs: TestCertificates;
beforeAll(async () => {
  certs = await createTestCertificates();
});

describe.each(hosts)('host contract: bearer tokens: %s', (_name, startHost) => {
  let file: string;
  let core: WebhookCore;
  let processor: ReturnType<typeof countingProcessor>;
  let auth: CallerAuth;
  let host: SecureHostUnderTest;
  beforeAll(async () => {
    file = path.join(mkdtempSync(path.join(tmpdir(), 'rulehook-auth-')), 'tokens');
    writeTokens(file, `# two valid at once, while callers move to B\n${TOKEN_A}\n${TOKEN_B}\n`);
    processor = countingProcessor();
    core = new WebhookCore({ processor, exposeFiredRules: true });
    auth = await loadAuth(file, core);
    host = await startHost(core, { auth });
  });
  afterAll(() => host.close());

  const failures = () => core.metrics.snapshot()['rulehook_auth_failures_total'] ?? 0;

  it('answers a caller with any token of the set, the scheme in any case', async () => {
    expect(await host.send({ n: '1' }, bearer(TOKEN_A))).toEqual({ ok: true, fired: 'auth/seen' });
    expect(await host.send({ n: '2' }, bearer(TOKEN_B))).toEqual({ ok: true, fired: 'auth/seen' });
    expect(await host.send({ n: '3' }, { authorization: `bearer  ${TOKEN_A}` })).toEqual({
      ok: true,
      fired: 'auth/seen',
    });
  });

  it.each([
    [
      'no authorization',
      {},
      /^this server requires a bearer token: send (Authorization|metadata authorization): Bearer <token>$/,
    ],
    ['an unknown token', bearer(TOKEN_C), /^the bearer token is not valid$/],
    ['a token one character short', bearer(TOKEN_A.slice(0, -1)), /^the bearer token is not valid$/],
    ['another scheme', { authorization: `Basic ${TOKEN_A}` }, /^the bearer token is not valid$/],
  ])('refuses a call with %s before evaluating it, and counts it', async (_case, caller: Caller, message) => {
    const [calls, refused, events] = [
      processor.calls,
      failures(),
      core.metrics.snapshot()['rulehook_events_total'],
    ];
    expect(await host.send({ n: '4' }, caller)).toEqual({
      ok: false,
      unauthenticated: true,
      message: expect.stringMatching(message),
    });
    expect(processor.calls).toBe(calls);
    expect(core.metrics.snapshot()['rulehook_events_total']).toBe(events);
    expect(failures()).toBe(refused + 1);
    expect(core.admission.count).toBe(0);
    expect(core.metrics.snapshot()['rulehook_shed_events_total'] ?? 0).toBe(0);
  });

  it('takes a changed tokens file on reload(), and keeps the old set when the new file is broken', async () => {
    writeTokens(file, `${TOKEN_C}\n`);
    expect(await auth.tokens.reload()).toEqual({ ok: true, count: 1 });
    expect(await host.send({}, bearer(TOKEN_C))).toMatchObject({ ok: true });
    expect(await host.send({}, bearer(TOKEN_A))).toMatchObject({ ok: false, unauthenticated: true });
    writeTokens(file, '# nothing left\n');
    expect(await auth.tokens.reload()).toMatchObject({ ok: false });
    expect(await host.send({}, bearer(TOKEN_C))).toMatchObject({ ok: true });
    writeTokens(file, `${TOKEN_A}\n${TOKEN_B}\n`);
    expect(await auth.tokens.reload()).toEqual({ ok: true, count: 2 });
  });
});

describe.each(hosts)('host contract: TLS: %s', (_name, startHost) => {
  let tls: TlsSettings;
  beforeAll(() => {
    tls = { cert: certs.server.cert, key: certs.server.key, clientCa: undefined };
  });

  it('serves over TLS a client trusting its CA, tokens checked inside, and gives a plaintext client nothing', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rulehook-auth-'));
    writeTokens(path.join(dir, 'tokens'), `${TOKEN_A}\n`);
    const core = new WebhookCore({ processor: countingProcessor() });
    const host = await startHost(core, { tls, auth: await loadAuth(path.join(dir, 'tokens'), core) });
    try {
      const overTls = { tls: { ca: certs.ca.cert } };
      expect(await host.send({}, { ...overTls, ...bearer(TOKEN_A) })).toEqual({ ok: true, fired: undefined });
      expect(await host.send({}, overTls)).toMatchObject({ ok: false, unauthenticated: true });
      expect(await host.send({}, bearer(TOKEN_A))).toEqual({ ok: false, noExchange: true });
    } finally {
      await host.close();
    }
  });

  it('under mutual TLS, answers a client whose certificate the CA signed, and no other', async () => {
    const processor = countingProcessor();
    const host = await startHost(new WebhookCore({ processor }), {
      tls: { ...tls, clientCa: certs.ca.cert },
    });
    try {
      const ca = certs.ca.cert;
      const { client, stranger } = certs;
      expect(await host.send({}, { tls: { ca, cert: client.cert, key: client.key } })).toMatchObject({
        ok: true,
      });
      expect(await host.send({}, { tls: { ca } })).toEqual({ ok: false, noExchange: true });
      expect(await host.send({}, { tls: { ca, cert: stranger.cert, key: stranger.key } })).toEqual({
        ok: false,
        noExchange: true,
      });
      expect(processor.calls).toBe(1);
    } finally {
      await host.close();
    }
  });
});
