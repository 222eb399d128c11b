import { parentPort } from 'node:worker_threads';
import { createBatchReplayer } from './replay-batch';
import type { BatchResult, LineBatch, WorkerSetup } from './worker-protocol';

/**
 * The entry point of a replay worker thread (`rulehook replay --workers N`): its first message is its
 * WorkerSetup (sent once the reader loaded the rules: the thread starts meanwhile), then it answers each
 * LineBatch with its BatchResult, in order. An exception ends the worker; the reader reports it
 * (ReplayWorkers).
 */
if (parentPort !== null) {
  const port = parentPort;
  let replayBatch: ((batch: LineBatch) => BatchResult) | undefined;
  port.on('message', (message: WorkerSetup | LineBatch) => {
    if (replayBatch === undefined) {
      replayBatch = createBatchReplayer(message as WorkerSetup);
      return;
    }
    port.postMessage(replayBatch(message as LineBatch));
  });
}
