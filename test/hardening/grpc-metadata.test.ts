import * as grpc from '@grpc/grpc-js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RawWebhookClient, type GrpcReply } from '../support/grpc-client';
import { parsePrometheusText, sampleValue } from '../support/prometheus-text';
import { startServeProcess, type ServeProcess } from '../support/serve-process';

/**
 * Large gRPC metadata sent to the built `rulehook serve`: over --max-header-bytes, a call is answered
 * RESOURCE_EXHAUSTED naming the size and the limit, before its token is checked; far larger metadata is
 * refused by the HTTP/2 layer before rulehook sees the call (docs/operations.md says what a client sees),
 * and the server keeps serving either way.
 */

jest.setTimeout(60_000);

const RULES = path.resolve(__dirname, '../fixtures/e2e/rules');
const TOKEN = 'metadata-token-0123456789abcdef';
const EVENT = { 'state.currentEvent': 'CALL_STARTED', 'caller.ani': '+441234' };
const OVER_LIMIT =
  /^the call's metadata is \d{1,3}(,\d{3})* bytes, over the limit of 4,096 bytes \(--max-header-bytes\)$/;

let server: ServeProcess;
beforeAll(async () => {
  const tokens = path.join(mkdtempSync(path.join(tmpdir(), 'rulehook-metadata-')), 'tokens');
  writeFileSync(tokens, `${TOKEN}\n`);
  server = await startServeProcess([
    ...['--rules', RULES, '--auth-tokens-file', tokens, '--metrics-open'],
    ...['--max-header-bytes', '4096'],
  ]);
});
afterAll(async () => {
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
});

/** `entries` metadata entries of `bytes` characters each. */
function metadataOf(entries: number, bytes: number): grpc.Metadata {
  const metadata = new grpc.Metadata();
  for (let i = 0; i < entries; i++) metadata.set(`x-large-${i}`, 'v'.repeat(bytes));
  return metadata;
}

/** One OnEvent on a connection of its own, with the token unless `token` is false. */
async function send(metadata: grpc.Metadata, options: { token?: boolean; deadlineMs?: number } = {}) {
  const client = new RawWebhookClient(`127.0.0.1:${server.grpcPort}`, {
    ...(options.token === false ? {} : { authorization: `Bearer ${TOKEN}` }),
    deadlineMs: options.deadlineMs ?? 10_000,
  });
  try {
    return await client.sendVariables(EVENT, metadata);
  } finally {
    client.close();
  }
}

const errorOf = (reply: GrpcReply) => (reply.ok ? undefined : { code: reply.code, details: reply.details });

async function refusedCount(): Promise<number | undefined> {
  const text = await new Promise<string>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: server.httpPort, path: '/metrics', agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (d: string) => (body += d));
        res.on('end', () => resolve(body));
      })
      .on('error', reject);
  });
  return sampleValue(parsePrometheusText(text).samples, 'rulehook_grpc_metadata_too_large_total');
}

describe('gRPC metadata over --max-header-bytes', () => {
  it('answers metadata within the limit', async () => {
    expect(await send(metadataOf(1, 3000))).toMatchObject({ ok: true });
  });

  it.each([
    ['one large entry', 1, 8000],
    ['many entries', 40, 400],
    ['the largest the HTTP/2 layer takes whole, about 64 KiB in one entry', 1, 64_000],
  ])('answers RESOURCE_EXHAUSTED naming the limit: %s', async (_case, entries, bytes) => {
    const before = await refusedCount();
    expect(errorOf(await send(metadataOf(entries, bytes)))).toEqual({
      code: grpc.status.RESOURCE_EXHAUSTED,
      details: expect.stringMatching(OVER_LIMIT),
    });
    expect(await refusedCount()).toBe((before ?? 0) + 1);
  });

  it('checks the size before the token', async () => {
    expect(errorOf(await send(metadataOf(1, 8000), { token: false }))).toEqual({
      code: grpc.status.RESOURCE_EXHAUSTED,
      details: expect.stringMatching(OVER_LIMIT),
    });
  });

  it('bounds the metadata of every method, health included', async () => {
    const client = new grpc.Client(`127.0.0.1:${server.grpcPort}`, grpc.credentials.createInsecure());
    try {
      const status = await new Promise<grpc.StatusObject>((resolve) => {
        const identity = (bytes: Buffer) => bytes;
        const call = client.makeUnaryRequest(
          '/grpc.health.v1.Health/Check',
          identity,
          identity,
          Buffer.alloc(0),
          metadataOf(1, 8000),
          () => undefined,
        );
        call.on('status', resolve);
      });
      expect([status.code, status.details]).toEqual([
        grpc.status.RESOURCE_EXHAUSTED,
        expect.stringMatching(OVER_LIMIT),
      ]);
    } finally {
      client.close();
    }
  });
});

describe('gRPC metadata the HTTP/2 layer refuses before rulehook sees the call', () => {
  it.each([
    ['one entry of 200 KB', 1, 200_000, grpc.status.INTERNAL, /^Received RST_STREAM with code 9/],
    ['1 MB in 100 entries', 100, 10_000, grpc.status.INTERNAL, /^Received RST_STREAM with code 2/],
    ['more than 128 fields', 200, 4, grpc.status.RESOURCE_EXHAUSTED, /^Bandwidth exhausted/],
  ])('%s: the call fails as docs/operations.md says, and the server keeps serving', async (...row) => {
    const [, entries, bytes, code, details] = row;
    expect(errorOf(await send(metadataOf(entries, bytes)))).toEqual({
      code,
      details: expect.stringMatching(details),
    });
    expect(await send(new grpc.Metadata())).toMatchObject({ ok: true });
  });

  it('8 MB in one entry: the call gets no answer before its deadline, and the server keeps serving', async () => {
    expect(await send(metadataOf(1, 8 * 1024 * 1024), { deadlineMs: 2000 })).toMatchObject({
      ok: false,
      code: grpc.status.DEADLINE_EXCEEDED,
    });
    expect(await send(new grpc.Metadata())).toMatchObject({ ok: true });
  });
});
