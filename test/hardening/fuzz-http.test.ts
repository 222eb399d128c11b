import fc from 'fast-check';
import path from 'node:path';
import { exchangeRaw, type RawExchange } from '../support/raw-http';
import { startServeProcess, type ServeProcess } from '../support/serve-process';

/**
 * The live HTTP host against arbitrary request bytes: random bytes, requests assembled from plausible
 * and implausible parts, and valid requests with bytes changed. Every request is answered or its
 * connection closed, never left hanging; every answer is well-formed, every error body is the JSON
 * error shape, no answer is a 500; and the server still serves afterwards.
 */

jest.setTimeout(30_000);

const RULES = path.resolve(__dirname, '../fixtures/e2e/rules');
const EVENT = '{"session_variables":{"state.currentEvent":"X","caller.ani":"+4420"}}';
const VALID = `POST /v1/events HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${EVENT.length}\r\n\r\n${EVENT}`;

// HEAD is left out: its answers carry a content-length but no body, which this client cannot frame.
const method = fc.constantFrom(
  'GET',
  'POST',
  'PUT',
  'DELETE',
  'OPTIONS',
  'PATCH',
  'CONNECT',
  'PRI',
  'TRACE',
  'post',
  'G T',
);
const target = fc.oneof(
  fc.constantFrom(
    '/v1/events',
    '/v1/events/',
    '/V1/EVENTS',
    '/v1/events?x=1',
    '/healthz/',
    '/metrics',
    '/',
    '*',
  ),
  fc.constantFrom('/%zz', '//v1/events', 'http://x/v1/events', '/v1/events#f', '/v1/../healthz', '/\u00e9'),
  fc.string({ maxLength: 20 }),
);
const version = fc.constantFrom('HTTP/1.1', 'HTTP/1.0', 'HTTP/2.0', 'HTTP/1.2', 'http/1.1', '');
const header = fc.tuple(
  fc.oneof(
    fc.constantFrom(
      'Host',
      'Content-Type',
      'Content-Length',
      'Transfer-Encoding',
      'Expect',
      'Connection',
      'Upgrade',
    ),
    fc.string({ maxLength: 12 }),
  ),
  fc.oneof(
    fc.constantFrom(
      'x',
      'application/json',
      'chunked',
      '100-continue',
      'close',
      'websocket',
      '0',
      '7',
      '-1',
      'abc',
    ),
    fc.string({ maxLength: 20 }),
  ),
);
const body = fc.oneof(
  fc.constantFrom(
    '',
    EVENT,
    '{}',
    '[1]',
    '{"session_variables":{"n":1}}',
    `${EVENT.length.toString(16)}\r\n${EVENT}\r\n0\r\n\r\n`,
  ),
  fc.string({ maxLength: 60 }),
  fc.uint8Array({ maxLength: 60 }).map((b) => Buffer.from(b).toString('latin1')),
);

/** A request assembled from parts, usually with a Host and a correct Content-Length. */
const assembled = fc
  .record({
    method,
    target,
    version,
    headers: fc.array(header, { maxLength: 5 }),
    body,
    host: fc.boolean(),
    length: fc.boolean(),
  })
  .map((r) => {
    const lines = [`${r.method} ${r.target} ${r.version}`];
    if (r.host) lines.push('Host: x');
    if (r.length) lines.push(`Content-Length: ${Buffer.byteLength(r.body, 'latin1')}`);
    for (const [name, value] of r.headers) lines.push(`${name}: ${value}`);
    return Buffer.from(`${lines.join('\r\n')}\r\n\r\n${r.body}`, 'latin1');
  });
/** A valid event request with some bytes replaced. */
const mutated = fc
  .array(fc.tuple(fc.nat(VALID.length - 1), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 4 })
  .map((edits) => {
    const bytes = Buffer.from(VALID, 'latin1');
    for (const [at, value] of edits) bytes[at] = value;
    return bytes;
  });
const request = fc.oneof(
  assembled,
  mutated,
  fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)),
);

/** Why an exchange breaks the contract, or undefined when it keeps it. */
function findFault(exchange: RawExchange): string | undefined {
  const finals = exchange.responses.filter((r) => r.status >= 200);
  if (finals.length === 0 && !exchange.closed) return 'neither answered nor closed';
  for (const response of finals) {
    if (response.status >= 500) return `answered ${response.status}: ${response.body}`;
    if (response.status < 400) continue;
    if (response.headers['content-type'] !== 'application/json; charset=utf-8')
      return `error without JSON type`;
    const parsed = JSON.parse(response.body) as { error?: { code?: unknown; message?: unknown } };
    if (typeof parsed.error?.code !== 'string' || typeof parsed.error.message !== 'string')
      return `error body not in the error shape: ${response.body}`;
  }
  return undefined;
}

describe('fuzz: the live HTTP host', () => {
  let server: ServeProcess;
  beforeAll(async () => {
    server = await startServeProcess([
      ...['--rules', RULES, '--no-grpc', '--max-message-bytes', '4096', '--max-header-bytes', '1024'],
      ...['--headers-timeout', '500', '--request-timeout', '800'],
    ]);
  });
  afterAll(() => server.child.kill('SIGKILL'));

  it('answers every request or closes its connection, with well-formed answers, and keeps serving', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(request, { minLength: 10, maxLength: 10 }), async (requests) => {
        const exchanges = await Promise.all(
          requests.map((bytes) =>
            exchangeRaw(server.httpPort as number, bytes, {
              waitMs: 2000,
              responses: 10,
              endAfterWrite: true,
            }),
          ),
        );
        const faults = exchanges
          .map((e, i) => [findFault(e), requests[i]?.toString('latin1')] as const)
          .filter(([fault]) => fault !== undefined);
        if (faults.length > 0) throw new Error(`contract broken: ${JSON.stringify(faults[0])}`);
      }),
      { numRuns: 60 },
    );
    const after = await exchangeRaw(server.httpPort as number, VALID, { waitMs: 1000 });
    expect(after.responses[0]?.status).toBe(200);
    expect(server.child.exitCode).toBeNull();
    expect(server.stderr()).not.toMatch(/"level":"error"/);
  });
});
