import { fork } from 'node:child_process';
import path from 'node:path';
import type { LatencyJob, LatencyReply } from './latency-client';
import type { OpenLoopResult } from './open-loop';

/** The `latency` suite's load generator, in a child process. */
export interface LatencyLoad {
  run(job: LatencyJob): Promise<OpenLoopResult>;
  stop(): Promise<void>;
}

/** Forks `latency-client.js` (compiled next to this file); one job at a time. */
export function startLatencyLoad(): LatencyLoad {
  // Advanced serialization keeps NaN (the percentiles of a run that recorded nothing).
  const child = fork(path.join(__dirname, 'latency-client.js'), [], { serialization: 'advanced' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    run: (job) =>
      new Promise((resolve, reject) => {
        const onExit = (code: number | null): void =>
          reject(new Error(`the latency load generator exited with ${code} during a run`));
        child.once('exit', onExit);
        child.once('message', (reply: LatencyReply) => {
          child.off('exit', onExit);
          if (reply.ok) resolve(reply.result);
          else reject(new Error(`latency load generator: ${reply.message}`));
        });
        child.send(job);
      }),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
