/**
 * Worker-thread entry: runs one host kind's two servers (rulehook's and the
 * baseline) on their own event loop, away from the load generator, and reports
 * how long that loop has been busy, so a round can be charged its server time.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import { startGrpcHost, startHttpHost, WebhookCore, type RunningHost } from '../src/hosts';
import { emptyProcessor } from '../src/processor';
import { silentLogger } from '../src/observability/logger';
import { startBareGrpcServer } from './bare-grpc';
import { startBareHttpServer } from './bare-http';
import type { HostKind, ToWorker, FromWorker } from './host-thread';

const HOST = '127.0.0.1';
const MAX_BODY_BYTES = 1_048_576;

async function startServers(kind: HostKind): Promise<{ bare: RunningHost; rulehook: RunningHost }> {
  const core = new WebhookCore({ processor: emptyProcessor, logger: silentLogger });
  if (kind === 'http') {
    return {
      bare: await startBareHttpServer(HOST),
      rulehook: await startHttpHost(core, {
        host: HOST,
        port: 0,
        maxBodyBytes: MAX_BODY_BYTES,
        logger: silentLogger,
      }),
    };
  }
  return {
    bare: await startBareGrpcServer(HOST, 4 * MAX_BODY_BYTES),
    rulehook: await startGrpcHost(core, {
      host: HOST,
      port: 0,
      maxMessageBytes: 4 * MAX_BODY_BYTES,
      logger: silentLogger,
    }),
  };
}

function post(message: FromWorker): void {
  parentPort?.postMessage(message);
}

startServers((workerData as { kind: HostKind }).kind).then(
  (servers) => {
    parentPort?.on('message', (message: ToWorker) => {
      if (message.type === 'busy') post({ type: 'busy', ms: performance.eventLoopUtilization().active });
      else
        void Promise.all([servers.bare.close(), servers.rulehook.close()]).then(() => {
          post({ type: 'closed' });
          parentPort?.close();
        });
    });
    post({ type: 'ready', ports: { bare: servers.bare.port, rulehook: servers.rulehook.port } });
  },
  (error: unknown) => post({ type: 'failed', message: String((error as Error)?.stack ?? error) }),
);
