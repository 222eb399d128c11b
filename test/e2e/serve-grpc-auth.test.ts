import * as grpc from '@grpc/grpc-js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServeProcess, type ServeProcess } from '../support/serve-process';

/**
 * The gRPC host of the built `rulehook serve` with `--auth-tokens-file`: every call but the health service
 * is refused UNAUTHENTICATED without a token, whether its method exists or not (reflection included), so a
 * caller without one cannot list what is served; with a token, a method that does not exist is UNIMPLEMENTED.
 */

const RULES = path.resolve(__dirname, '../fixtures/e2e/rules');
const TOKEN = 'grpc-token-0123456789abcdef';
const MISSING = 'this server requires a bearer token: send metadata authorization: Bearer <token>';
const REFLECTION = ['v1', 'v1alpha'].map(
  (version) => `/grpc.reflection.${version}.ServerReflection/ServerReflectionInfo`,
);
const UNKNOWN = [
  '/vendor.biosec.v1.CustomBusinessLogic/OnEvents',
  '/vendor.biosec.v1.Nothing/Call',
  '/grpc.health.v1.Health/Nope',
];

interface Outcome {
  code: grpc.status;
  details: string;
  /** The first message answered, as text (a reflection answer names the services). */
  text?: string;
}

function withToken(token: boolean): grpc.Metadata {
  const metadata = new grpc.Metadata();
  if (token) metadata.set('authorization', `Bearer ${TOKEN}`);
  return metadata;
}

/** One call of `method` sending `request` as its only message, whatever the method's shape: its status. */
function callRaw(client: grpc.Client, method: string, request: Buffer, token: boolean): Promise<Outcome> {
  return new Promise((resolve) => {
    let text: string | undefined;
    const identity = (bytes: Buffer) => bytes;
    const call = client.makeBidiStreamRequest(method, identity, identity, withToken(token), {
      deadline: Date.now() + 5000,
    });
    call.on('data', (bytes: Buffer) => {
      text ??= bytes.toString('latin1');
      call.end();
    });
    call.on('error', () => undefined);
    call.on('status', (status) =>
      resolve({ code: status.code, details: status.details, ...(text === undefined ? {} : { text }) }),
    );
    call.write(request);
    if (!method.includes('Reflection')) call.end();
  });
}

/** `ServerReflectionRequest { list_services: "*" }` (field 7). */
const LIST_SERVICES = Buffer.from([(7 << 3) | 2, 1, '*'.charCodeAt(0)]);
/** `HealthCheckRequest { service: "" }`: no field. */
const HEALTH_CHECK = Buffer.alloc(0);

let tokens: string;
beforeAll(() => {
  tokens = path.join(mkdtempSync(path.join(tmpdir(), 'rulehook-grpc-auth-')), 'tokens');
  writeFileSync(tokens, `${TOKEN}\n`);
});

async function withServer(args: string[], test: (client: grpc.Client) => Promise<void>): Promise<void> {
  const server: ServeProcess = await startServeProcess(['--rules', RULES, '--no-http', ...args]);
  const client = new grpc.Client(`127.0.0.1:${server.grpcPort}`, grpc.credentials.createInsecure());
  try {
    await test(client);
  } finally {
    client.close();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }
}

describe('rulehook serve --auth-tokens-file: gRPC methods', () => {
  it('refuses methods that do not exist as those that do without a token, and says UNIMPLEMENTED with one', () =>
    withServer(['--auth-tokens-file', tokens], async (client) => {
      for (const method of UNKNOWN) {
        expect([method, await callRaw(client, method, Buffer.alloc(0), false)]).toEqual([
          method,
          { code: grpc.status.UNAUTHENTICATED, details: MISSING },
        ]);
        expect([method, await callRaw(client, method, Buffer.alloc(0), true)]).toEqual([
          method,
          { code: grpc.status.UNIMPLEMENTED, details: `The server does not implement the method ${method}` },
        ]);
      }
    }));

  it('asks a token of both reflection services, and leaves health open', () =>
    withServer(['--auth-tokens-file', tokens], async (client) => {
      for (const method of REFLECTION) {
        expect([method, await callRaw(client, method, LIST_SERVICES, false)]).toEqual([
          method,
          { code: grpc.status.UNAUTHENTICATED, details: MISSING },
        ]);
        const listed = await callRaw(client, method, LIST_SERVICES, true);
        expect([method, listed.text]).toEqual([
          method,
          expect.stringContaining('vendor.biosec.v1.CustomBusinessLogic'),
        ]);
      }
      const health = await callRaw(client, '/grpc.health.v1.Health/Check', HEALTH_CHECK, false);
      expect(health).toMatchObject({ code: grpc.status.OK });
    }));

  it('with --auth-probes, asks a token of every health method too', () =>
    withServer(['--auth-tokens-file', tokens, '--auth-probes'], async (client) => {
      for (const method of ['Check', 'List'].map((m) => `/grpc.health.v1.Health/${m}`))
        expect([method, await callRaw(client, method, HEALTH_CHECK, false)]).toEqual([
          method,
          { code: grpc.status.UNAUTHENTICATED, details: MISSING },
        ]);
    }));

  it('without tokens, answers a method that does not exist UNIMPLEMENTED, as grpc-js does', () =>
    withServer([], async (client) => {
      expect(await callRaw(client, UNKNOWN[1]!, Buffer.alloc(0), false)).toEqual({
        code: grpc.status.UNIMPLEMENTED,
        details: `The server does not implement the method ${UNKNOWN[1]}`,
      });
    }));
});
