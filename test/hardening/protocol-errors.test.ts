import path from 'node:path';
import { exchangeRaw, type RawResponse } from '../support/raw-http';
import { startServeProcess, type ServeProcess } from '../support/serve-process';

/**
 * What a client sees when its HTTP is wrong, on the real built server over raw sockets: every error body
 * is the JSON error shape, including the errors Node's parser finds before rulehook sees a request, and
 * paths are matched as users expect.
 */

jest.setTimeout(20_000);

const RULES = path.resolve(__dirname, '../fixtures/e2e/rules');
const EVENT = '{"session_variables":{"state.currentEvent":"X"}}';

let server: ServeProcess;
beforeAll(async () => {
  server = await startServeProcess([
    ...['--rules', RULES, '--no-grpc'],
    ...['--max-header-bytes', '2048', '--headers-timeout', '400', '--request-timeout', '800'],
  ]);
});
afterAll(() => server.child.kill('SIGKILL'));

const post = (target: string, headers: string, body = EVENT) =>
  `POST ${target} HTTP/1.1\r\nHost: x\r\n${headers}\r\n${body}`;
const jsonPost = (target: string, body = EVENT) =>
  post(target, `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n`, body);

/** The first response to `bytes`, checked to carry the JSON error shape. */
async function errorFor(bytes: string | string[], gapMs = 0): Promise<RawResponse & { closed: boolean }> {
  const exchange = await exchangeRaw(server.httpPort as number, bytes, { gapMs });
  const [response] = exchange.responses;
  if (response === undefined) throw new Error(`no response; received ${JSON.stringify(exchange.rest)}`);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(JSON.parse(response.body)).toEqual({
    error: { code: expect.any(String), message: expect.any(String) },
  });
  return { ...response, closed: exchange.closed };
}

describe('HTTP protocol errors answer with the JSON error shape and close the connection', () => {
  it.each([
    [
      'a Content-Length that is not a number',
      post('/v1/events', 'Content-Type: application/json\r\nContent-Length: abc\r\n'),
      400,
      'BAD_REQUEST',
      'malformed HTTP request: Invalid character in Content-Length (HPE_INVALID_CONTENT_LENGTH)',
    ],
    [
      'both Content-Length and Transfer-Encoding: chunked',
      post(
        '/v1/events',
        'Content-Type: application/json\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n',
        '0\r\n\r\n',
      ),
      400,
      'BAD_REQUEST',
      "malformed HTTP request: Transfer-Encoding can't be present with Content-Length (HPE_INVALID_TRANSFER_ENCODING)",
    ],
    [
      'two different Content-Lengths',
      post('/v1/events', 'Content-Type: application/json\r\nContent-Length: 5\r\nContent-Length: 6\r\n'),
      400,
      'BAD_REQUEST',
      'malformed HTTP request: Duplicate Content-Length (HPE_UNEXPECTED_CONTENT_LENGTH)',
    ],
    [
      'headers over --max-header-bytes',
      `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(4096)}\r\n\r\n`,
      431,
      'HEADERS_TOO_LARGE',
      'request headers are larger than the limit of 2,048 bytes (--max-header-bytes)',
    ],
    [
      'a request line that is not HTTP',
      'HELLO THERE\r\n\r\n',
      400,
      'BAD_REQUEST',
      /^malformed HTTP request: /,
    ],
    [
      'an HTTP/1.1 request without Host',
      'GET /healthz HTTP/1.1\r\n\r\n',
      400,
      'BAD_REQUEST',
      'an HTTP/1.1 request must have a Host header',
    ],
    [
      'an expectation other than 100-continue',
      'GET /healthz HTTP/1.1\r\nHost: x\r\nExpect: 200-ok\r\n\r\n',
      417,
      'EXPECTATION_FAILED',
      'unsupported expectation: 200-ok',
    ],
    [
      'CONNECT',
      'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n',
      405,
      'METHOD_NOT_ALLOWED',
      'CONNECT is not allowed: this is a webhook, not a proxy',
    ],
  ])('%s', async (_case, bytes, status, code, message) => {
    const response = await errorFor(bytes);
    expect(response.status).toBe(status);
    expect(response.headers['connection']).toBe('close');
    expect(response.closed).toBe(true);
    const error = JSON.parse(response.body).error;
    expect(error.code).toBe(code);
    expect(error.message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
  });

  it('408 when the body does not arrive within --request-timeout', async () => {
    const head = post('/v1/events', 'Content-Type: application/json\r\nContent-Length: 100\r\n', '{"session');
    const started = Date.now();
    const response = await errorFor(head);
    expect(response.status).toBe(408);
    expect(JSON.parse(response.body).error).toEqual({
      code: 'REQUEST_TIMEOUT',
      message:
        'the request did not arrive in time: headers are expected within 400 ms (--headers-timeout), the whole request within 800 ms (--request-timeout)',
    });
    expect(response.closed).toBe(true);
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('408 when the headers do not arrive within --headers-timeout', async () => {
    const response = await errorFor(['GET /healthz HTTP/1.1\r\n', 'Host: x\r\n'], 100);
    expect(response.status).toBe(408);
  });

  it('keeps serving after all of them', async () => {
    const exchange = await exchangeRaw(server.httpPort as number, jsonPost('/v1/events'), { waitMs: 500 });
    expect(exchange.responses[0]?.status).toBe(200);
  });
});

describe('HTTP routes are matched as users expect', () => {
  it.each([['/v1/events/'], ['/v1/events/?trace=1'], ['/v1/events?trace=1']])(
    'POST %s is the event endpoint',
    async (target) => {
      const exchange = await exchangeRaw(server.httpPort as number, jsonPost(target), { waitMs: 500 });
      expect(exchange.responses[0]).toMatchObject({ status: 200, body: '{"result_code":200}' });
    },
  );

  it.each([['/healthz/'], ['/readyz/']])('GET %s is the probe', async (target) => {
    const exchange = await exchangeRaw(
      server.httpPort as number,
      `GET ${target} HTTP/1.1\r\nHost: x\r\n\r\n`,
      {
        waitMs: 500,
      },
    );
    expect(exchange.responses[0]?.status).toBe(200);
  });

  it.each([
    ['POST', '/V1/EVENTS', '/v1/events'],
    ['GET', '/Healthz', '/healthz'],
    ['GET', '/METRICS/', '/metrics'],
  ])('%s %s is a 404 suggesting %s (paths are case-sensitive)', async (method, target, suggestion) => {
    const response = await errorFor(
      method === 'POST' ? jsonPost(target) : `${method} ${target} HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body).error).toEqual({
      code: 'NOT_FOUND',
      message: `no such path: ${method} ${target}; did you mean ${suggestion}? (paths are case-sensitive)`,
    });
  });

  it.each([
    ['GET', '/v1/events', 'POST', 'GET is not allowed on /v1/events; use POST'],
    ['PUT', '/v1/events/', 'POST', 'PUT is not allowed on /v1/events; use POST'],
    ['POST', '/healthz/', 'GET, HEAD', 'POST is not allowed on /healthz; use GET or HEAD'],
  ])('%s %s is a 405 with Allow: %s', async (method, target, allow, message) => {
    const response = await errorFor(
      `${method} ${target} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`,
    );
    expect(response.status).toBe(405);
    expect(response.headers['allow']).toBe(allow);
    expect(JSON.parse(response.body).error).toEqual({ code: 'METHOD_NOT_ALLOWED', message });
  });

  it.each([
    ['/v1/events', 'POST'],
    ['/healthz', 'GET, HEAD'],
  ])('OPTIONS %s answers 204 with Allow: %s', async (target, allow) => {
    const exchange = await exchangeRaw(
      server.httpPort as number,
      `OPTIONS ${target} HTTP/1.1\r\nHost: x\r\n\r\n`,
      {
        waitMs: 500,
      },
    );
    expect(exchange.responses[0]).toMatchObject({ status: 204, body: '' });
    expect(exchange.responses[0]?.headers['allow']).toBe(allow);
  });

  it('HEAD /healthz answers the GET headers without a body', async () => {
    const exchange = await exchangeRaw(
      server.httpPort as number,
      'HEAD /healthz HTTP/1.1\r\nHost: x\r\n\r\n',
      {
        waitMs: 500,
      },
    );
    // No body follows the headers, whatever content-length says (so the parser here sees no whole response).
    expect(exchange.rest).toMatch(/^HTTP\/1\.1 200 OK\r\n[^]*\r\n\r\n$/);
    expect(exchange.rest).toMatch(/\r\ncontent-length: 15\r\n/i);
  });
});
