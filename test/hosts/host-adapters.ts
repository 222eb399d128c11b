import * as grpc from '@grpc/grpc-js';
import protobuf from 'protobufjs';
import request from 'supertest';
import { createHttpHandler, startGrpcHost, WebhookCore, type RunningHost } from '../../src/hosts';
import type { EventLimits } from '../../src/contract';
import { silentLogger } from '../../src/observability/logger';
import { RawWebhookClient } from '../support/grpc-client';
import type { RequestListener } from 'node:http';

/**
 * A reply normalized across hosts: a response in rulehook's JSON shape, an invalid-argument error,
 * a refusal because too many events were in flight (with the host's hint of when to retry), or a
 * refusal of a request over MAX_MESSAGE_BYTES.
 */
export type Reply =
  | { ok: true; response: Record<string, unknown>; fired: string | undefined }
  | { ok: false; field?: string; message: string }
  | { ok: false; overloaded: true; message: string; retryAfterMs: number }
  | { ok: false; tooLarge: true };

/** One host under test, driven through its real wire. */
export interface HostUnderTest {
  core: WebhookCore;
  send(variables: Record<string, string>): Promise<Reply>;
  /** An event whose `key` has a value made of bytes that are not UTF-8. */
  sendInvalidUtf8Value(key: string): Promise<Reply>;
  /** An event with one key made of bytes that are not UTF-8. */
  sendInvalidUtf8Key(): Promise<Reply>;
  /** An event carrying a field this version does not know, plus `variables`. */
  sendWithUnknownField(variables: Record<string, string>): Promise<Reply>;
  /** An empty message: no bytes at all (HTTP: an empty JSON body; gRPC: a zero-length message). */
  sendEmpty(): Promise<Reply>;
  close(): Promise<void>;
}

export const BAD_UTF8 = Buffer.from([0x61, 0xff, 0xfe, 0x62]);

export const MAX_MESSAGE_BYTES = 64 * 1024;

/** Smaller than the defaults, so that the contract can cross them within MAX_MESSAGE_BYTES. */
export const CONTRACT_EVENT_LIMITS: EventLimits = {
  maxVariables: 1000,
  maxKeyBytes: 128,
  maxValueBytes: 4096,
};

function httpReply(res: request.Response): Reply {
  if (res.status === 200) return { ok: true, response: res.body, fired: res.headers['rulehook-fired'] };
  const { code, ...error } = res.body.error;
  if (res.status === 429 && code === 'TOO_MANY_REQUESTS')
    return {
      ok: false,
      overloaded: true,
      message: error.message,
      retryAfterMs: Number(res.headers['retry-after']) * 1000,
    };
  if (res.status === 413 && code === 'PAYLOAD_TOO_LARGE') return { ok: false, tooLarge: true };
  if (res.status !== 400 || code !== 'INVALID_ARGUMENT')
    throw new Error(`unexpected HTTP ${res.status}: ${res.text}`);
  return { ok: false, ...error };
}

export function createHttpAdapter(core: WebhookCore): HostUnderTest {
  const listener: RequestListener = createHttpHandler(core, {
    maxBodyBytes: MAX_MESSAGE_BYTES,
    logger: silentLogger,
    eventLimits: CONTRACT_EVENT_LIMITS,
  });
  const post = (body: string | Buffer) =>
    request(listener)
      .post('/v1/events')
      .set('content-type', 'application/json')
      // superagent would JSON-encode a Buffer; send the bytes as they are.
      .serialize((bytes: unknown) => bytes as string)
      .send(body)
      .then(httpReply);
  const json = (text: string, bad: Buffer) => {
    const [head, tail] = text.split('@@') as [string, string];
    return Buffer.concat([Buffer.from(head), bad, Buffer.from(tail)]);
  };
  return {
    core,
    send: (variables) => post(JSON.stringify({ session_variables: variables })),
    sendInvalidUtf8Value: (key) =>
      post(json(`{"session_variables":{${JSON.stringify(key)}:"@@"}}`, BAD_UTF8)),
    sendInvalidUtf8Key: () => post(json('{"session_variables":{"@@":"v"}}', BAD_UTF8)),
    sendWithUnknownField: (variables) =>
      post(JSON.stringify({ session_variables: variables, engine_build: '7' })),
    sendEmpty: () => post(''),
    close: async () => {},
  };
}

/** Encodes one map entry of Event.session_variables from raw key and value bytes. */
function encodeRawEntry(key: Buffer, value: Buffer): Buffer {
  const entry = protobuf.Writer.create().uint32(10).bytes(key).uint32(18).bytes(value).finish();
  return Buffer.from(protobuf.Writer.create().uint32(10).bytes(entry).finish());
}

/** protobuf omits `enable: false` (a default); rulehook's JSON always writes it. */
function withExplicitEnable(response: Record<string, unknown>): Record<string, unknown> {
  const nodes = response.nodes_to_override as { enable?: boolean }[] | undefined;
  if (nodes) response.nodes_to_override = nodes.map((n) => ({ ...n, enable: n.enable === true }));
  return response;
}

function grpcReply(reply: Awaited<ReturnType<RawWebhookClient['sendBytes']>>): Reply {
  if (reply.ok) {
    const fired = reply.trailer.get('rulehook-fired')[0];
    return {
      ok: true,
      response: withExplicitEnable(reply.response),
      fired: fired === undefined ? undefined : String(fired),
    };
  }
  if (reply.code === grpc.status.RESOURCE_EXHAUSTED && reply.retryPushbackMs !== undefined)
    return { ok: false, overloaded: true, message: reply.details, retryAfterMs: reply.retryPushbackMs };
  if (reply.code === grpc.status.RESOURCE_EXHAUSTED) return { ok: false, tooLarge: true };
  if (reply.code !== grpc.status.INVALID_ARGUMENT)
    throw new Error(`unexpected gRPC status ${reply.code}: ${reply.details}`);
  const match = /^(session_variables(?:\[".*?"\])?): (.*)$/s.exec(reply.details);
  return match
    ? { ok: false, field: match[1], message: match[2] as string }
    : { ok: false, message: reply.details };
}

export async function createGrpcAdapter(
  core: WebhookCore,
): Promise<HostUnderTest & { host: RunningHost; client: RawWebhookClient }> {
  const host = await startGrpcHost(core, {
    host: '127.0.0.1',
    port: 0,
    maxMessageBytes: MAX_MESSAGE_BYTES,
    logger: silentLogger,
    eventLimits: CONTRACT_EVENT_LIMITS,
  });
  const client = new RawWebhookClient(`127.0.0.1:${host.port}`);
  const withUnknown = (variables: Record<string, string>) => {
    let bytes = Buffer.alloc(0);
    for (const [k, v] of Object.entries(variables))
      bytes = Buffer.concat([bytes, encodeRawEntry(Buffer.from(k), Buffer.from(v))]);
    const unknown = protobuf.Writer.create()
      .uint32((15 << 3) | 2)
      .string('7')
      .finish();
    return Buffer.concat([bytes, unknown]);
  };
  return {
    core,
    host,
    client,
    send: (variables) => client.sendVariables(variables).then(grpcReply),
    sendInvalidUtf8Value: (key) =>
      client.sendBytes(encodeRawEntry(Buffer.from(key), BAD_UTF8)).then(grpcReply),
    sendInvalidUtf8Key: () => client.sendBytes(encodeRawEntry(BAD_UTF8, Buffer.from('v'))).then(grpcReply),
    sendWithUnknownField: (variables) => client.sendBytes(withUnknown(variables)).then(grpcReply),
    sendEmpty: () => client.sendBytes(Buffer.alloc(0)).then(grpcReply),
    close: async () => {
      client.close();
      await host.close();
    },
  };
}
