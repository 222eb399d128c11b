import { Worker } from 'node:worker_threads';

/**
 * The pacer's thread, as source (a worker evaluated from text needs no
 * compiled file next to it, so it runs the same under ts-jest): it sleeps on
 * `Atomics.wait`, whose timeout has microsecond resolution, until each
 * request's due time, and posts the request's index then.
 */
const PACER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { count, intervalNs } = workerData;
const sleeper = new Int32Array(new SharedArrayBuffer(4));
parentPort.once('message', (start) => {
  for (let i = 0; i < count; i++) {
    const due = start + BigInt(Math.round(i * intervalNs));
    for (let left = Number(due - process.hrtime.bigint()); left > 0; left = Number(due - process.hrtime.bigint()))
      Atomics.wait(sleeper, 0, 0, left / 1e6);
    parentPort.postMessage(i);
  }
  parentPort.close();
});
`;

/** A pacer whose thread is up, waiting for the start. */
export interface Pacer {
  /**
   * Starts the schedule now and returns its start, on `process.hrtime.bigint()`'s
   * clock; `onDue` is called on this thread as each request falls due.
   */
  begin(onDue: () => void): bigint;
  /** Resolves once every request has fallen due and the thread has exited. */
  finished: Promise<void>;
}

/**
 * A thread that wakes this one at each of `count` due times `intervalNs`
 * apart, without keeping a core busy. Timers cannot do it: they fire on whole
 * milliseconds, late by up to one, two intervals at 2,000 requests/s. Polling
 * with `setImmediate` can, but takes a whole core, and on a busy machine the
 * scheduler then runs the client late more often than a thread that sleeps.
 */
export async function createPacer(count: number, intervalNs: number): Promise<Pacer> {
  const worker = new Worker(PACER_SOURCE, { eval: true, workerData: { count, intervalNs } });
  await new Promise<void>((resolve, reject) => {
    worker.once('online', resolve);
    worker.once('error', reject);
  });
  const finished = new Promise<void>((resolve, reject) => {
    worker.on('error', reject);
    worker.once('exit', () => resolve());
  });
  return {
    begin(onDue) {
      worker.on('message', onDue);
      const start = process.hrtime.bigint();
      worker.postMessage(start);
      return start;
    },
    finished,
  };
}
