import { Agent, request, type ClientRequest } from 'node:http';
import { hrtime } from 'node:process';
import { OpenLoopAccount, type OpenLoopPlan, type OpenLoopResult } from './open-loop';
import { createPacer } from './open-loop-pacer';

/** Where and what an open-loop run posts. */
export interface OpenLoopTarget {
  port: number;
  path: string;
  /** Request i posts `bodies[i % bodies.length]`, built before the run (as JSON). */
  bodies: readonly Buffer[];
  /** The keep-alive connections to the server (`createPool`). */
  agent: Agent;
  /** After the last send, how long to wait for the answers still due before counting them as timeouts. */
  timeoutMs: number;
  /** Why an answer is not what was wanted, or undefined when it is. */
  checkAnswer(status: number, body: Buffer): string | undefined;
}

/**
 * A pool of `connections` keep-alive connections. FIFO takes the free
 * connection idle the longest, so every connection carries requests and none
 * is closed by the server's idle timeout in the middle of a run.
 */
export function createPool(connections: number): Agent {
  return new Agent({ keepAlive: true, maxSockets: connections, scheduling: 'fifo' });
}

/**
 * Sends `plan.rate × plan.seconds` requests, each at its scheduled time
 * whether or not earlier ones were answered; a request finding no free
 * connection waits in the pool's queue, charged to its latency.
 */
export async function runOpenLoop(plan: OpenLoopPlan, target: OpenLoopTarget): Promise<OpenLoopResult> {
  const account = new OpenLoopAccount(plan);
  const requests = new Map<number, ClientRequest>();
  const pacer = await createPacer(account.planned, 1e9 / plan.rate);
  let start = 0n;
  const now = (): number => Number(hrtime.bigint() - start);
  let settle = (): void => undefined;
  const done = new Promise<OpenLoopResult>((resolve) => {
    settle = () => {
      if (account.isDone()) resolve(account.result());
    };
  });
  const send = (i: number): void => {
    const body = target.bodies[i % target.bodies.length] as Buffer;
    const req = request(
      {
        agent: target.agent,
        host: '127.0.0.1',
        port: target.port,
        method: 'POST',
        path: target.path,
        headers: { 'content-type': 'application/json', 'content-length': body.length },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const at = now();
          requests.delete(i);
          const wrong = target.checkAnswer(res.statusCode ?? 0, Buffer.concat(chunks));
          if (wrong === undefined) account.answer(i, at);
          else account.fail(i, 'error', wrong);
          settle();
        });
      },
    );
    req.on('error', (error) => {
      requests.delete(i);
      account.fail(i, 'error', error.message);
      settle();
    });
    requests.set(i, req);
    req.end(body);
  };
  start = pacer.begin(() => {
    for (const i of account.takeDue(now())) send(i);
  });
  await pacer.finished;
  const deadline = setTimeout(() => {
    for (const i of account.unsettled()) {
      account.fail(i, 'timeout', `no answer within ${target.timeoutMs} ms of the last send`);
      requests.get(i)?.destroy();
    }
    settle();
  }, target.timeoutMs);
  settle();
  const result = await done;
  clearTimeout(deadline);
  return result;
}

/** `count` requests at once, to open that many connections before a timed run; fails unless all are answered as wanted. */
export async function warmPool(target: OpenLoopTarget, count: number): Promise<void> {
  const result = await runOpenLoop({ rate: 1e9, seconds: count / 1e9, lagLimitNs: Infinity }, target);
  if (result.answered !== count)
    throw new Error(
      `warming ${count} connections: ${result.errors + result.timeouts} failed (${result.firstError})`,
    );
}
