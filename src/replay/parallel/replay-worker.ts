import { parentPort, workerData } from 'node:worker_threads';
import { createBatchReplayer } from './replay-batch';
import type { LineBatch, WorkerSetup } from './worker-protocol';

/**
 * The entry point of a replay worker thread (`rulehook replay --workers N`): answers each LineBatch with
 * its BatchResult, in order. An exception ends the worker; the reader reports it (ReplayWorkers).
 */
if (parentPort !== null) {
  const port = parentPort;
  const replayBatch = createBatchReplayer(workerData as WorkerSetup);
  port.on('message', (batch: LineBatch) => {
    const result = replayBatch(batch);
    port.postMessage(result, [result.printed.buffer as ArrayBuffer]);
  });
}
