import path from 'node:path';
import { Worker } from 'node:worker_threads';

export type HostKind = 'http' | 'grpc';

export type ToWorker = { type: 'busy' } | { type: 'close' };
export type FromWorker =
  | { type: 'ready'; ports: { bare: number; rulehook: number } }
  | { type: 'busy'; ms: number }
  | { type: 'closed' }
  | { type: 'failed'; message: string };

/** The servers of one host kind, running in a worker thread (host-worker.ts). */
export interface HostThread {
  ports: { bare: number; rulehook: number };
  /** Total time the servers' event loop has been busy so far, in ms. */
  busyMs(): Promise<number>;
  close(): Promise<void>;
}

/**
 * Starts the rulehook host and its baseline in a worker thread: with 2 cores,
 * the load generator (this thread) and the servers each get one, and the
 * servers' busy time is measured on their own loop, free of the client's work.
 */
export async function startHostThread(kind: HostKind): Promise<HostThread> {
  const worker = new Worker(path.join(__dirname, 'host-worker.js'), { workerData: { kind } });
  const next = (): Promise<FromWorker> =>
    new Promise((resolve, reject) => {
      const onError = (error: Error): void => reject(error);
      worker.once('error', onError);
      worker.once('message', (message: FromWorker) => {
        worker.off('error', onError);
        if (message.type === 'failed') reject(new Error(`host worker failed: ${message.message}`));
        else resolve(message);
      });
    });
  const ask = async (message: ToWorker): Promise<FromWorker> => {
    const reply = next();
    worker.postMessage(message);
    return reply;
  };
  const ready = await next();
  if (ready.type !== 'ready') throw new Error(`host worker: unexpected ${ready.type}`);
  return {
    ports: ready.ports,
    async busyMs() {
      const reply = await ask({ type: 'busy' });
      if (reply.type !== 'busy') throw new Error(`host worker: unexpected ${reply.type}`);
      return reply.ms;
    },
    async close() {
      await ask({ type: 'close' });
      await worker.terminate();
    },
  };
}
