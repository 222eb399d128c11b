import http from 'node:http';
import request from 'supertest';
import { createHttpHandler, startHttpHost, WebhookCore } from '../../src/hosts';
import { emptyProcessor } from '../../src/processor';
import { silentLogger } from '../../src/observability/logger';
import { exchangeRaw } from '../support/raw-http';

const LIMIT = 1024;

function makeListener(core = new WebhookCore({ processor: emptyProcessor })) {
  return createHttpHandler(core, { maxBodyBytes: LIMIT, logger: silentLogger });
}

const listener = makeListener();
const postJson = (body: unknown) =>
  request(listener).post('/v1/events').set('content-type', 'application/json').send(JSON.stringify(body));

describe('HTTP host: POST /v1/events', () => {
  it('answers with JSON and result_code 200', async () => {
    const res = await postJson({ session_variables: { 'state.currentEvent': 'X' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.text).toBe('{"result_code":200}');
  });

  it('accepts lowerCamelCase input and a charset parameter', async () => {
    const res = await request(listener)
      .post('/v1/events')
      .set('content-type', 'application/json; charset=UTF-8')
      .send('{"sessionVariables":{"state.currentEvent":"X"}}');
    expect(res.status).toBe(200);
  });

  it.each([
    [
      'a body that is not an object',
      '[1,2]',
      undefined,
      'expected the body to be a JSON object (an Event), got an array',
    ],
    ['malformed JSON', '{"session_variables":', undefined, /^request body is not valid JSON: /],
    ['session_variables not an object', '{"session_variables":"x"}', 'session_variables', /got a string$/],
    [
      'a non-string value',
      '{"session_variables":{"n":1}}',
      'session_variables["n"]',
      /^expected a string value, got a number/,
    ],
    [
      'both field spellings',
      '{"session_variables":{},"sessionVariables":{}}',
      'session_variables',
      /given twice/,
    ],
  ])('rejects %s with 400 INVALID_ARGUMENT', async (_case, body, field, message) => {
    const res = await request(listener).post('/v1/events').set('content-type', 'application/json').send(body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('INVALID_ARGUMENT');
    expect(res.body.error.field).toBe(field);
    expect(res.body.error.message).toEqual(
      typeof message === 'string' ? message : expect.stringMatching(message),
    );
  });

  it('reads a body after one UTF-8 byte order mark, and refuses a second one as JSON would', async () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    const body = Buffer.from('{"session_variables":{"a":"é"}}');
    const send = (bytes: Buffer) =>
      request(listener)
        .post('/v1/events')
        .set('content-type', 'application/json')
        .serialize((b: unknown) => b as string)
        .send(bytes);
    expect((await send(Buffer.concat([bom, body]))).status).toBe(200);
    const twice = await send(Buffer.concat([bom, bom, body]));
    expect([twice.status, twice.body.error.message]).toEqual([
      400,
      expect.stringMatching(/^request body is not valid JSON: Unexpected token/),
    ]);
    const invalid = await send(
      Buffer.concat([bom, Buffer.from('{"session_variables":{"a":"\xff"}}', 'latin1')]),
    );
    expect([invalid.status, invalid.body.error]).toEqual([
      400,
      { code: 'INVALID_ARGUMENT', field: 'session_variables["a"]', message: 'value is not valid UTF-8' },
    ]);
  });

  it.each([['text/plain'], ['application/x-www-form-urlencoded'], ['application/json; charset=latin1']])(
    'rejects content-type %s with 415',
    async (type) => {
      const res = await request(listener).post('/v1/events').set('content-type', type).send('{}');
      expect(res.status).toBe(415);
      expect(res.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    },
  );

  it.each([
    ['no bytes', ''],
    ['blanks only', ' \r\n\t'],
  ])('answers a body of %s as an event with no variables, as over gRPC', async (_case, body) => {
    const res = await request(listener).post('/v1/events').set('content-type', 'application/json').send(body);
    expect(res.status).toBe(200);
    expect(res.text).toBe('{"result_code":200}');
  });

  it('rejects a request without content-type with 415', async () => {
    const res = await request(listener).post('/v1/events').send(Buffer.from('{}'));
    expect(res.status).toBe(415);
  });

  it('rejects a body over the limit with 413, by declared length', async () => {
    const res = await postJson({ session_variables: { big: 'x'.repeat(LIMIT) } });
    expect(res.status).toBe(413);
    expect(res.body.error).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: `request body is larger than the limit of ${LIMIT} bytes`,
    });
  });

  it('rejects a chunked body over the limit with 413, and keeps serving', async () => {
    const host = await startHttpHost(new WebhookCore({ processor: emptyProcessor }), {
      host: '127.0.0.1',
      port: 0,
      maxBodyBytes: LIMIT,
      logger: silentLogger,
    });
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port: host.port,
            method: 'POST',
            path: '/v1/events',
            headers: { 'content-type': 'application/json' },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.write('{"session_variables":{"a":"');
        for (let i = 0; i < 4; i++) req.write('y'.repeat(512));
        req.end('"}}');
      });
      expect(status).toBe(413);
      const ok = await fetch(`http://127.0.0.1:${host.port}/v1/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(ok.status).toBe(200);
    } finally {
      await host.close();
    }
  });

  it('accepts a query string on the event path', async () => {
    const res = await request(listener)
      .post('/v1/events?trace=1')
      .set('content-type', 'application/json')
      .send('{}');
    expect(res.status).toBe(200);
  });
});

describe('HTTP host: other paths', () => {
  it('GET /healthz answers ok', async () => {
    const res = await request(listener).get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('GET /readyz is 503 until a processor is installed, then 200 with the revision, 503 again while draining', async () => {
    const core = new WebhookCore();
    const l = makeListener(core);
    const loading = await request(l).get('/readyz');
    expect([loading.status, loading.body]).toEqual([503, { status: 'loading', revision: '' }]);
    core.setProcessor(emptyProcessor, '3f9a0c21b7d4'.padEnd(64, '0'));
    const res = await request(l).get('/readyz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready', revision: '3f9a0c21b7d4' });
    core.startDraining();
    const draining = await request(l).get('/readyz');
    expect([draining.status, draining.body]).toEqual([503, { status: 'draining', revision: '3f9a0c21b7d4' }]);
  });

  it('GET /metrics lists the counters in Prometheus text format', async () => {
    const core = new WebhookCore({ processor: emptyProcessor });
    const l = makeListener(core);
    await request(l).post('/v1/events').set('content-type', 'application/json').send('{}');
    const res = await request(l).get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toContain(
      '# TYPE rulehook_events_total counter\nrulehook_events_total{event="other",outcome="answered"} 1\n',
    );
  });

  it('answers an unknown path with a JSON 404', async () => {
    const res = await request(listener).get('/v2/nothing');
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({ code: 'NOT_FOUND', message: 'no such path: GET /v2/nothing' });
  });

  it.each([
    ['get', '/v1/events', 'POST'],
    ['put', '/v1/events', 'POST'],
    ['post', '/healthz', 'GET, HEAD'],
    ['delete', '/readyz', 'GET, HEAD'],
  ] as const)('answers %s %s with 405 and Allow: %s', async (method, path, allow) => {
    const res = await request(listener)[method](path);
    expect(res.status).toBe(405);
    expect(res.headers['allow']).toBe(allow);
    expect(res.body.error.code).toBe('METHOD_NOT_ALLOWED');
  });
});

describe('HTTP host: failures', () => {
  it('answers 500 INTERNAL and logs it when the answer cannot be sent, and keeps serving', async () => {
    const errors: string[] = [];
    const core = new WebhookCore({ processor: emptyProcessor });
    // A header value Node refuses: the answer path throws after the event was processed.
    const answer = core.answer.bind(core);
    core.answer = async (request) => {
      const reply = await answer(request);
      return reply.ok && request.ok && request.value.session_variables['bad'] === '1'
        ? { ...reply, firedRules: 'bad\nvalue' }
        : reply;
    };
    const l = createHttpHandler(core, {
      maxBodyBytes: LIMIT,
      logger: { ...silentLogger, error: (message) => errors.push(message) },
    });
    const post = (bad: string) =>
      request(l)
        .post('/v1/events')
        .set('content-type', 'application/json')
        .send(JSON.stringify({ session_variables: { bad } }));
    const res = await post('1');
    expect([res.status, res.body.error]).toEqual([500, { code: 'INTERNAL', message: 'internal error' }]);
    expect(errors).toEqual(['event request failed']);
    expect(core.admission.count).toBe(0);
    expect((await post('0')).status).toBe(200);
  });
});

describe('HTTP host: protocol errors', () => {
  const startPlainHost = async () => {
    const core = new WebhookCore({ processor: emptyProcessor });
    const host = await startHttpHost(core, {
      host: '127.0.0.1',
      port: 0,
      maxBodyBytes: LIMIT,
      logger: silentLogger,
    });
    return { core, host };
  };

  it('counts the 400 for an HTTP/1.1 request without Host among the protocol errors', async () => {
    const { core, host } = await startPlainHost();
    try {
      const exchange = await exchangeRaw(host.port, 'GET /healthz HTTP/1.1\r\n\r\n');
      expect(exchange.responses[0]?.status).toBe(400);
      expect(core.metrics.snapshot()['rulehook_http_protocol_errors_total']).toBe(1);
    } finally {
      await host.close();
    }
  });

  it('answers absolute-form targets (as proxies send them) as their paths', async () => {
    const { host } = await startPlainHost();
    try {
      const body = '{"session_variables":{"state.currentEvent":"X"}}';
      const event = await exchangeRaw(
        host.port,
        `POST http://127.0.0.1:${host.port}/v1/events HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\n` +
          `content-length: ${body.length}\r\nconnection: close\r\n\r\n${body}`,
      );
      expect(event.responses.map((r) => [r.status, r.body])).toEqual([[200, '{"result_code":200}']]);
      const probe = await exchangeRaw(
        host.port,
        `GET http://127.0.0.1:${host.port}/healthz HTTP/1.1\r\nHost: x\r\nconnection: close\r\n\r\n`,
      );
      expect(probe.responses.map((r) => r.status)).toEqual([200]);
    } finally {
      await host.close();
    }
  });
});

describe('HTTP host: shedding', () => {
  it('counts an event against --max-inflight-bytes until it is answered, not only while its body is read', async () => {
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    let held = false;
    const core = new WebhookCore({
      processor: {
        process: async (e) => {
          if (e.session_variables['hold'] !== undefined) {
            held = true;
            await gate;
          }
          return emptyProcessor.process(e);
        },
      },
    });
    const host = await startHttpHost(core, {
      host: '127.0.0.1',
      port: 0,
      maxBodyBytes: 100,
      logger: silentLogger,
      limits: { maxInflightBytes: 100 },
    });
    const post = (variables: Record<string, string>) =>
      fetch(`http://127.0.0.1:${host.port}/v1/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ session_variables: variables }),
      });
    try {
      // 60 bytes each: the second does not fit beside the first while the first is being evaluated.
      const first = post({ hold: 'x'.repeat(35) });
      while (!held) await new Promise((r) => setTimeout(r, 5));
      const second = await post({ next: 'x'.repeat(35) });
      expect(second.status).toBe(429);
      expect(((await second.json()) as { error: { message: string } }).error.message).toMatch(
        /\(--max-inflight-bytes\)/,
      );
      open();
      expect((await first).status).toBe(200);
      expect((await post({ next: 'x'.repeat(35) })).status).toBe(200);
      expect(core.metrics.snapshot()['rulehook_shed_inflight_bytes_total']).toBe(1);
    } finally {
      open();
      await host.close();
    }
  });

  it('keeps the connection after refusing a small body with 429, and answers on it once load falls', async () => {
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const core = new WebhookCore({
      processor: { process: async (e) => (await gate, emptyProcessor.process(e)) },
      maxInflightEvents: 1,
    });
    const host = await startHttpHost(core, {
      host: '127.0.0.1',
      port: 0,
      maxBodyBytes: LIMIT,
      logger: silentLogger,
    });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const post = () =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; socket: unknown }>(
        (resolve, reject) => {
          const req = http.request(
            {
              host: '127.0.0.1',
              port: host.port,
              method: 'POST',
              path: '/v1/events',
              agent,
              headers: { 'content-type': 'application/json' },
            },
            (res) => {
              res.resume();
              res.on('end', () =>
                resolve({ status: res.statusCode ?? 0, headers: res.headers, socket: req.socket }),
              );
            },
          );
          req.on('error', reject);
          req.end('{"session_variables":{"a":"b"}}');
        },
      );
    try {
      const held = fetch(`http://127.0.0.1:${host.port}/v1/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      while (core.admission.count < 1) await new Promise((r) => setTimeout(r, 5));
      const shed = await post();
      expect(shed.status).toBe(429);
      expect(shed.headers['retry-after']).toBe('1');
      expect(shed.headers['connection']).toBe('keep-alive');
      open();
      expect((await held).status).toBe(200);
      const after = await post();
      expect(after.status).toBe(200);
      expect(after.socket).toBe(shed.socket);
    } finally {
      open();
      agent.destroy();
      await host.close();
    }
  });
});
