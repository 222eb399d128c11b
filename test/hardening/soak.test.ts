import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { EngineSession, postEvent } from '../support/engine-session';
import { describeWithRedis, RedisServer } from '../support/redis-server';
import { startServeProcess } from '../support/serve-process';

/**
 * A soak: calls in progress raise events while other clients send huge,
 * slow and malformed requests and Redis is killed and restarted. Every valid
 * event must be answered, memory must stay bounded, and each call's `once`
 * alert must fire exactly once. Quick in CI (a few seconds); longer with
 * RULEHOOK_SOAK_SECONDS (npm run soak).
 */
const SECONDS = Number(process.env.RULEHOOK_SOAK_SECONDS ?? 6);
jest.setTimeout((SECONDS + 40) * 1000);

const RULES = path.resolve(__dirname, '../fixtures/hardening/stateful');
const CALLS = 12;

const rssMiB = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes raw bytes on a connection and resolves once the server answered or closed it (or after `ms`). */
function rawRequest(port: number, chunks: (string | Buffer)[], gapMs: number, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve();
    };
    const timer = setTimeout(done, ms);
    socket.on('data', done).on('error', done).on('close', done);
    let i = 0;
    const next = () => {
      if (i >= chunks.length || socket.destroyed) return;
      socket.write(chunks[i++]!);
      setTimeout(next, gapMs);
    };
    socket.on('connect', next);
  });
}

describeWithRedis('soak', () => {
  it(`answers every valid event for ${SECONDS} s of hostile traffic and a flapping Redis`, async () => {
    const redis = await RedisServer.start();
    const server = await startServeProcess([
      '--rules',
      RULES,
      '--no-grpc',
      '--expose-fired',
      '--state',
      redis.url,
    ]);
    const port = server.httpPort!;
    const pid = server.child.pid!;
    const end = Date.now() + SECONDS * 1000;
    let peak = 0;
    const baseline = rssMiB(pid);
    const failures: string[] = [];
    const alerts = new Map<string, number>();
    let answered = 0;

    const call = async (c: number) => {
      for (let round = 0; Date.now() < end; round++) {
        const id = `soak-${c}-${round}`;
        const session = new EngineSession({ 'state.sessionId': id });
        for (const [i, name] of ['CALL_STARTED', 'VERIFY_COMPLETED', 'CALL_STARTED', 'HEARTBEAT'].entries()) {
          const reply = await session.raise(port, {
            'state.currentEvent': name,
            'verify.score': String(i % 2),
          });
          answered++;
          if (reply.status !== 200 || reply.body.result_code !== 200)
            failures.push(`${id} ${name} ${reply.status}`);
          if (reply.fired?.includes('alert-once')) alerts.set(id, (alerts.get(id) ?? 0) + 1);
        }
      }
    };
    const hostile = async () => {
      const huge = JSON.stringify({ session_variables: { big: 'x'.repeat(2 * 1024 * 1024) } });
      for (let k = 0; Date.now() < end; k++) {
        switch (k % 4) {
          case 0:
            await fetch(`http://127.0.0.1:${port}/v1/events`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: huge,
            }).catch(() => undefined);
            break;
          case 1:
            await postEvent(port, { 'state.currentEvent': 'X', 'rulehook.once': '{broken' }).catch(
              () => undefined,
            );
            await fetch(`http://127.0.0.1:${port}/v1/events`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: '{"session_variables": {"a": ',
            }).catch(() => undefined);
            break;
          case 2: {
            const head = `POST /v1/events HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 500000\r\n\r\n`;
            await rawRequest(port, [head, '{"session_variables":{', '"a":"', 'x'.repeat(1000)], 200, 800);
            break;
          }
          default:
            await rawRequest(port, ['GARBAGE / HTTP/9\r\n\r\n'], 0, 500);
        }
      }
    };
    const flapRedis = async () => {
      for (let up = true; Date.now() < end; up = !up) {
        await sleep(1500);
        if (up) await redis.kill();
        else await redis.resume();
      }
    };
    const sample = async () => {
      while (Date.now() < end) {
        peak = Math.max(peak, rssMiB(pid));
        await sleep(250);
      }
    };

    try {
      await Promise.all([
        ...Array.from({ length: CALLS }, (_, c) => call(c)),
        hostile(),
        hostile(),
        flapRedis(),
        sample(),
      ]);
      expect(failures).toEqual([]);
      expect(answered).toBeGreaterThan(CALLS * 4);
      expect([...alerts.values()].every((n) => n === 1)).toBe(true);
      expect(alerts.size).toBe(answered / 4);
      expect(peak - baseline).toBeLessThan(200);
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    } finally {
      server.child.kill('SIGKILL');
      await server.exited;
      await redis.kill();
    }
  });
});
