import * as grpc from '@grpc/grpc-js';
import { startGrpcHost, WebhookCore, type RunningHost } from '../../src/hosts';
import { emptyProcessor } from '../../src/processor';
import { silentLogger } from '../../src/observability/logger';
import { checkHealth as check, createHealthClient, type HealthClient } from '../support/health-client';

const REVISION = '3f9a0c21b7d4'.padEnd(64, 'e');

describe('gRPC health service (grpc.health.v1.Health)', () => {
  let core: WebhookCore;
  let host: RunningHost;
  let client: HealthClient;
  beforeEach(async () => {
    core = new WebhookCore();
    host = await startGrpcHost(core, {
      host: '127.0.0.1',
      port: 0,
      maxMessageBytes: 1024,
      logger: silentLogger,
    });
    client = createHealthClient(`127.0.0.1:${host.port}`);
  });
  afterEach(async () => {
    client.close();
    await host.close();
  });

  it('answers Check NOT_SERVING until rules are loaded, then SERVING with the revision, for "" and the webhook', async () => {
    expect(await check(client, '')).toEqual({ status: 'NOT_SERVING' });
    core.setProcessor(emptyProcessor, REVISION);
    for (const service of ['', 'vendor.biosec.v1.CustomBusinessLogic'])
      expect(await check(client, service)).toEqual({ status: 'SERVING', revision: '3f9a0c21b7d4' });
    core.startDraining();
    expect(await check(client, '')).toEqual({ status: 'NOT_SERVING', revision: '3f9a0c21b7d4' });
  });

  it('answers Check NOT_FOUND for a service it does not serve', async () => {
    core.setProcessor(emptyProcessor, REVISION);
    expect(await check(client, 'no.such.Service')).toEqual({ code: grpc.status.NOT_FOUND });
  });

  it('streams Watch: the status now, NOT_SERVING once draining, and ends the stream when the host closes', async () => {
    core.setProcessor(emptyProcessor, REVISION);
    const stream = client.Watch({ service: '' });
    const statuses: string[] = [];
    let revision: unknown;
    stream.on('metadata', (metadata) => (revision = metadata.get('rulehook-revision')[0]));
    const ended = new Promise<number>((resolve) =>
      stream.on('error', (e: grpc.ServiceError) => resolve(e.code)),
    );
    const received = (n: number) =>
      new Promise<void>((resolve) => {
        const onData = (reply: { status: string }) => {
          statuses.push(reply.status);
          if (statuses.length === n) {
            stream.off('data', onData);
            resolve();
          }
        };
        stream.on('data', onData);
      });
    await received(1);
    expect([statuses, revision]).toEqual([['SERVING'], '3f9a0c21b7d4']);
    const next = received(2);
    core.startDraining();
    await next;
    expect(statuses).toEqual(['SERVING', 'NOT_SERVING']);
    // An open Watch must not hold the shutdown back: close ends it at once.
    const started = Date.now();
    await host.close();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await ended).toBe(grpc.status.UNAVAILABLE);
  });
});
