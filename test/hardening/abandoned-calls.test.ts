import * as grpc from '@grpc/grpc-js';
import Redis from 'ioredis';
import path from 'node:path';
import { postEvent } from '../support/engine-session';
import { RawWebhookClient } from '../support/grpc-client';
import { describeWithRedis, RedisServer } from '../support/redis-server';
import { buildSpecWebhookTypes } from '../support/spec-types';
import { startServeProcess, type ServeProcess } from '../support/serve-process';

/**
 * Clients that give up on their calls while the session store is slow must not take the webhook's places
 * for good: on the real built server, with a Redis that answers no command (CLIENT PAUSE), gRPC calls
 * whose deadline passes while their event waits for the store give their place back once it is answered.
 */

jest.setTimeout(20_000);

/** Rules that keep state (a `once` rule), so events that carry none are looked up in the store. */
const RULES = path.resolve(__dirname, '../fixtures/hardening/stateful');
const ON_EVENT = '/vendor.biosec.v1.CustomBusinessLogic/OnEvent';
const PLACES = 10;
const types = buildSpecWebhookTypes();

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

async function readMetric(port: number | undefined, name: string): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  return Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
}

/** Polls until the store has failed `count` lookups in all (each event is answered just after), or `ms` pass. */
async function waitForStoreFailures(port: number | undefined, count: number, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if ((await readMetric(port, 'rulehook_session_store_unavailable_total')) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describeWithRedis('calls abandoned while the session store is slow', () => {
  let redis: RedisServer;
  let server: ServeProcess;
  beforeAll(async () => {
    redis = await RedisServer.start();
    server = await startServeProcess([
      ...['--rules', RULES, '--state', redis.url, '--state-timeout', '50'],
      // The calls all come from one address: --client-share 100 lets them take every place.
      ...['--max-inflight-events', String(PLACES), '--client-share', '100'],
    ]);
  });
  afterAll(async () => {
    server.child.kill('SIGKILL');
    await server.exited;
    await redis.kill();
  });

  it('give back their places once their events are answered, on both hosts', async () => {
    expect((await postEvent(server.httpPort, { 'state.sessionId': 'before' })).status).toBe(200);
    const admin = new Redis(redis.url);
    await admin.call('CLIENT', 'PAUSE', '10000', 'ALL');
    admin.disconnect();

    const client = new grpc.Client(`127.0.0.1:${server.grpcPort}`, grpc.credentials.createInsecure());
    await new Promise((resolve) => client.waitForReady(Date.now() + 5000, resolve));
    try {
      // Three times as many abandoned calls as there are places, each of them waiting 50 ms for the store.
      for (let round = 0; round < 3; round++) {
        const codes = await Promise.all(
          Array.from({ length: PLACES }, (_, i) =>
            callWithDeadline(
              client,
              { 'state.sessionId': `gave-up-${round}-${i}`, 'state.currentEvent': 'CALL_STARTED' },
              20,
            ),
          ),
        );
        expect(codes).toEqual(codes.map(() => grpc.status.DEADLINE_EXCEEDED));
        await waitForStoreFailures(server.httpPort, PLACES * (round + 1), 3000);
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
    expect(
      await readMetric(server.httpPort, 'rulehook_session_store_unavailable_total'),
    ).toBeGreaterThanOrEqual(3 * PLACES + 2);
  });
});
