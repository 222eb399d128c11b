import { readFileSync } from 'node:fs';
import path from 'node:path';
import { postEvent } from '../support/engine-session';
import { startServeProcess } from '../support/serve-process';

/**
 * Big events, each in a new session, must not grow the server's memory: the
 * memory store keeps no event, only fingerprints of the watched variables, and
 * is bounded in bytes. (It used to keep each session's whole previous event: a
 * server died of heap exhaustion after ~4,300 events of 1 MB.)
 */
jest.setTimeout(60_000);

const RULES = path.resolve(__dirname, '../fixtures/hardening/watch-all');
const EVENTS = 300;

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) / 1024;
}

it(`keeps memory flat over ${EVENTS} events of ~900 KB, each in a new session`, async () => {
  const server = await startServeProcess(['--rules', RULES, '--no-grpc', '--expose-fired']);
  try {
    const pid = server.child.pid!;
    const payload = (seed: number) => {
      const variables: Record<string, string> = {};
      for (let v = 0; v < 8; v++) variables[`transcript.part${v}`] = `${seed}-${v}-`.padEnd(110_000, 'x');
      return variables;
    };
    const warm = await postEvent(server.httpPort, {
      'state.sessionId': 'warm',
      'state.currentEvent': 'TRANSCRIBED',
      ...payload(0),
    });
    expect(warm.fired).toBe('watch-all/anything-changed');
    const before = rssMiB(pid);
    for (let i = 1; i <= EVENTS; i++) {
      const reply = await postEvent(server.httpPort, {
        'state.sessionId': `big-${i}`,
        'state.currentEvent': 'TRANSCRIBED',
        ...payload(i),
      });
      expect(reply.status).toBe(200);
    }
    const grown = rssMiB(pid) - before;
    // ~270 MB of events went through; what stays is fingerprints (a few hundred bytes per session) and heap slack.
    expect(grown).toBeLessThan(120);
    const health = await fetch(`http://127.0.0.1:${server.httpPort}/healthz`);
    expect(health.status).toBe(200);
  } finally {
    server.child.kill('SIGKILL');
    await server.exited;
  }
});
