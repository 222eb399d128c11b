import * as grpc from '@grpc/grpc-js';
import path from 'node:path';
import { RawWebhookClient } from '../support/grpc-client';
import { startServeProcess, type ServeProcess } from '../support/serve-process';

/**
 * The bounds on one event (--max-variables, --max-key-bytes, --max-value-bytes), on the real built server
 * over both wires: the same message naming the flag, HTTP 400 with the JSON error shape and `field`, gRPC
 * INVALID_ARGUMENT, counted as invalid events.
 */

jest.setTimeout(20_000);

const RULES = path.resolve(__dirname, '../fixtures/e2e/rules');

async function postEvent(port: number, variables: Record<string, string>) {
  const res = await fetch(`http://127.0.0.1:${port}/v1/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ session_variables: variables }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function readMetric(port: number, name: string): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const match = new RegExp(`^${name} (\\d+)$`, 'm').exec(text);
  return Number(match?.[1] ?? NaN);
}

const many = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`v${i}`, 'x']));

// Both servers start together: one with small limits set by flags, one with the defaults.
let limited: ServeProcess;
let defaults: ServeProcess;
let client: RawWebhookClient;
beforeAll(async () => {
  [limited, defaults] = await Promise.all([
    startServeProcess([
      ...['--rules', RULES],
      ...['--max-variables', '5', '--max-key-bytes', '16', '--max-value-bytes', '32'],
    ]),
    startServeProcess(['--rules', RULES, '--no-grpc']),
  ]);
  client = new RawWebhookClient(`127.0.0.1:${limited.grpcPort}`);
});
afterAll(() => {
  client.close();
  limited.child.kill('SIGKILL');
  defaults.child.kill('SIGKILL');
});

describe('event limits set by flags, both hosts', () => {
  it.each([
    [
      'too many variables',
      many(6),
      'session_variables',
      'the event has more than 5 session variables; at most 5 allowed (--max-variables)',
    ],
    [
      'a name too long',
      { 'caller.identity.name': 'x' },
      'session_variables',
      "session variable name 'caller.identity.name' has 20 bytes; at most 16 allowed (--max-key-bytes)",
    ],
    [
      'a value too long',
      { 'caller.ani': '+44'.repeat(11) },
      'session_variables["caller.ani"]',
      "session variable 'caller.ani' has a value of 33 bytes; at most 32 allowed (--max-value-bytes)",
    ],
  ])(
    '%s: HTTP 400 and gRPC INVALID_ARGUMENT with the same message',
    async (_case, variables, field, message) => {
      const before = await readMetric(limited.httpPort as number, 'rulehook_invalid_events_total');
      expect(await postEvent(limited.httpPort as number, variables)).toEqual({
        status: 400,
        body: { error: { code: 'INVALID_ARGUMENT', message, field } },
      });
      expect(await client.sendVariables(variables)).toEqual({
        ok: false,
        code: grpc.status.INVALID_ARGUMENT,
        details: `${field}: ${message}`,
      });
      expect(await readMetric(limited.httpPort as number, 'rulehook_invalid_events_total')).toBe(before + 2);
    },
  );

  it('answers an event at every limit', async () => {
    const variables = { ...many(4), ['k'.repeat(16)]: 'v'.repeat(32) };
    expect((await postEvent(limited.httpPort as number, variables)).status).toBe(200);
    expect((await client.sendVariables(variables)).ok).toBe(true);
  });
});

describe('event limits by default', () => {
  it('refuses a 300,000-byte value: at most 262,144 bytes', async () => {
    expect(await postEvent(defaults.httpPort as number, { x: 'v'.repeat(300_000) })).toEqual({
      status: 400,
      body: {
        error: {
          code: 'INVALID_ARGUMENT',
          field: 'session_variables["x"]',
          message:
            "session variable 'x' has a value of 300,000 bytes; at most 262,144 allowed (--max-value-bytes)",
        },
      },
    });
  });

  it('refuses 10,001 variables', async () => {
    const reply = await postEvent(defaults.httpPort as number, many(10_001));
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ error: { message: expect.stringContaining('(--max-variables)') } });
  });
});
