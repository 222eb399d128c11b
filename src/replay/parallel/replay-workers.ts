import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { UserError } from '../../terminal/user-error';
import type { BatchResult, LineBatch, WorkerSetup } from './worker-protocol';

/** A replay worker failed (an exception in it, or it ended): the replay stops with this error. */
export class ReplayWorkerError extends UserError {}

/**
 * The worker script: next to this file once built; the build's when this file runs as TypeScript (jest),
 * since a worker thread runs JavaScript.
 */
const WORKER_SCRIPT = __filename.endsWith('.ts')
  ? path.resolve(__dirname, '../../../dist/replay/parallel/replay-worker.js')
  : path.join(__dirname, 'replay-worker.js');

interface Reply {
  resolve(result: BatchResult): void;
  reject(error: Error): void;
}

/**
 * The worker threads of a parallel replay, started before the reader loads the rules (a thread takes a
 * while to start) and set up once it did (`setUp`). Each answers its batches in the order sent, so the
 * replies of a worker are a queue; the first failure of any worker fails every reply still awaited, and
 * later sends.
 */
export class ReplayWorkers {
  private readonly workers: Worker[] = [];
  private readonly replies: Reply[][] = [];
  private failure: ReplayWorkerError | undefined;
  private closing = false;

  constructor(count: number, script: string = WORKER_SCRIPT) {
    for (let i = 0; i < count; i++) {
      const worker = new Worker(script);
      const replies: Reply[] = [];
      worker.on('message', (result: BatchResult) => replies.shift()?.resolve(result));
      worker.on('error', (error) => this.fail(`a replay worker failed: ${describe(error)}`));
      worker.on('exit', (code) => {
        if (!this.closing) this.fail(`a replay worker ended (exit code ${code}) before the replay did`);
      });
      this.workers.push(worker);
      this.replies.push(replies);
    }
  }

  get count(): number {
    return this.workers.length;
  }

  /** Gives every worker the rules and options, before any batch. */
  setUp(setup: WorkerSetup): void {
    for (const worker of this.workers) worker.postMessage(setup);
  }

  /** Sends a batch to worker `index`; resolves with its answer. */
  send(index: number, batch: LineBatch): Promise<BatchResult> {
    if (this.failure !== undefined) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      (this.replies[index] as Reply[]).push({ resolve, reject });
      (this.workers[index] as Worker).postMessage(batch);
    });
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }

  private fail(message: string): void {
    this.failure ??= new ReplayWorkerError(message);
    for (const replies of this.replies) for (const reply of replies.splice(0)) reply.reject(this.failure);
  }
}

/** Errors cloned from a worker may come from another realm (jest): no instanceof Error. */
function describe(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : String(error);
}
