import { createPool, runOpenLoop, warmPool, type OpenLoopTarget } from './open-loop-http';
import type { OpenLoopResult } from './open-loop';
import { checkTrafficAnswer } from './traffic-check';
import { trafficBody } from './traffic-pack';

/** One timed run, asked of the load generator by the `latency` suite. */
export interface LatencyJob {
  port: number;
  /** Requests per second, sent on a schedule fixed in advance. */
  rate: number;
  seconds: number;
  /** Picks the event each session sends in this run (a later one every round). */
  round: number;
  /** Request i posts an event of session i % sessions (sessions the suite primed). */
  sessions: number;
  /** Keep-alive connections to the server, all opened before the run. */
  connections: number;
  timeoutMs: number;
  lagLimitNs: number;
}

export type LatencyReply = { ok: true; result: OpenLoopResult } | { ok: false; message: string };

async function runJob(job: LatencyJob): Promise<OpenLoopResult> {
  // A pool of its own per run: connections idle since the last run may be closed by the server at any moment.
  const agent = createPool(job.connections);
  const target: OpenLoopTarget = {
    port: job.port,
    path: '/v1/events',
    // Built before the run: serializing a 200-variable event would take the client's time off its schedule.
    bodies: Array.from({ length: job.sessions }, (_, s) => trafficBody(s, s + 1 + job.round)),
    agent,
    timeoutMs: job.timeoutMs,
    checkAnswer: checkTrafficAnswer,
  };
  try {
    await warmPool(target, job.connections);
    return await runOpenLoop({ rate: job.rate, seconds: job.seconds, lagLimitNs: job.lagLimitNs }, target);
  } finally {
    agent.destroy();
  }
}

/**
 * The load generator of the `latency` suite, a process of its own (forked with
 * an IPC channel) so that its work never runs in the server's process or
 * event loop: it runs each job it is sent and replies with what it measured.
 */
process.on('message', (job: LatencyJob) => {
  const reply = (message: LatencyReply): void => void process.send?.(message);
  runJob(job).then(
    (result) => reply({ ok: true, result }),
    (error: unknown) => reply({ ok: false, message: (error as Error).message }),
  );
});
