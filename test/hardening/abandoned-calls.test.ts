import * as grpc from '@grpc/grpc-js';
import net from 'node:net';
import path from 'node:path';
import { postEvent } from '../support/engine-session';
import { RawWebhookClient } from '../support/grpc-client';
import { buildSpecWebhookTypes } from '../support/spec-types';
import { startServeProcess, type ServeProcess } from '../support/serve-process';

/**
 * Clients that give up on their calls while the session store is slow must not take the webhook's places
 * for good: on the real built server, with a Redis that never answers a lookup, gRPC calls whose deadline
 * passes while their event waits for the store give their place back once it has been answered.
 */

jest.setTimeout(20_000);

const RULES = path.resolve(__dirname, '../fixtures/e2e/rules');
const ON_EVENT = '/vendor.biosec.v1.CustomBusinessLogic/OnEvent';
const types = buildSpecWebhookTypes();

/**
 * A Redis that answers the client's ready check (INFO) and nothing after it: every session lookup
 * waits until --state-timeout.
 */
async function startSilentRedis(): Promise<{ port: number; close(): void }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let answered = false;
    socket.on('data', (data) => {
      if (answered || !/info/i.test(data.toString('latin1'))) return;
      answered = true;
      const info = '# Server\r\nredis_version:7.0.0\r\nloading:0\r\n';
      socket.write(`$${Buffer.byteLength(info)}\r\n${info}\r\n`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

/** One OnEvent call with a deadline `ms` away; resolves with its status code. */
function callWithDeadline(client: grpc.Client, variables: Record<string, string>, ms: number) {
  const bytes = Buffer.from(
    types.Event.encode(types.Event.create({ session_variables: variables })).finish(),
  );
  return new Promise<grpc.status>((resolve) =>
    client.makeUnaryRequest(
      ON_EVENT,
      (b: Buffer) => b,
      (b: Buffer) => b,
      bytes,
      { deadline: Date.now() + ms },
      (error) => resolve(error?.code ?? grpc.status.OK),
    ),
  );
}

let redis: { port: number; close(): void };
let server: ServeProcess;
beforeAll(async () => {
  redis = await startSilentRedis();
  server = await startServeProcess([
    ...['--rules', RULES, '--state', `redis://127.0.0.1:${redis.port}/0`, '--state-timeout', '50'],
    ...['--max-inflight-events', '10'],
  ]);
});
afterAll(async () => {
  server.child.kill('SIGKILL');
  await server.exited;
  redis.close();
});

it('gives back the places of calls whose clients gave up while their events waited for the store', async () => {
  const client = new grpc.Client(`127.0.0.1:${server.grpcPort}`, grpc.credentials.createInsecure());
  try {
    // Three times as many abandoned calls as there are places, each waiting 50 ms for the store.
    for (let round = 0; round < 3; round++) {
      const codes = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          callWithDeadline(
            client,
            { 'state.sessionId': `gave-up-${round}-${i}`, 'state.currentEvent': 'CALL_STARTED' },
            20,
          ),
        ),
      );
      expect(codes).toEqual(codes.map(() => grpc.status.DEADLINE_EXCEEDED));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    client.close();
  }
  const http = await postEvent(server.httpPort, { 'state.sessionId': 'after', 'state.currentEvent': 'X' });
  expect(http.status).toBe(200);
  const patient = new RawWebhookClient(`127.0.0.1:${server.grpcPort}`);
  const reply = await patient.sendVariables({ 'state.sessionId': 'after-grpc', 'state.currentEvent': 'X' });
  patient.close();
  expect(reply.ok).toBe(true);
});
