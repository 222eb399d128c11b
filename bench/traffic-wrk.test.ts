import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describeRequiring, findMissingPrograms } from '../test/support/describe-requiring';
import { EVENTS_PER_SESSION, writeBodiesFile } from './traffic-bodies';
import { parseWrk, runWrk } from './traffic-wrk';

const SESSIONS = 6;

/** A body of the test: the session and step it is, and nothing else. */
function stepBody(session: number, step: number): Record<string, string> {
  return { 'state.sessionId': `s${session}`, step: String(step) };
}

describe('parseWrk', () => {
  it('reads the result line, counting every socket error and non-2xx answer as failed', () => {
    const output = [
      'Running 1s test @ http://127.0.0.1:1/v1/events',
      'WRK_RESULT {"durationUs":2000000,"requests":1000,"bytes":5,"connect":1,"read":2,"write":3,"status":4,"timeout":5,"threads":1}',
    ].join('\n');
    expect(parseWrk(output, 1)).toEqual({ requestsPerSecond: 500, succeeded: 996, failed: 15 });
  });

  it('refuses an output without the result line, or from another number of threads', () => {
    expect(() => parseWrk('Requests/sec: 12.0', 1)).toThrow('no result line');
    const two =
      'WRK_RESULT {"durationUs":1,"requests":1,"bytes":1,"connect":0,"read":0,"write":0,"status":0,"timeout":0,"threads":2}';
    expect(() => parseWrk(two, 1)).toThrow('unexpected wrk result');
  });
});

describeRequiring(findMissingPrograms({ wrk: 'wrk' }), 'the traffic suite’s wrk script', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rulehook-wrk-'));
  const file = path.join(dir, 'bodies');
  /** The steps each session's requests were, in the order the server received them. */
  const received = new Map<string, number[]>();
  let refuse = '';
  let server: Server;
  let url = '';

  beforeAll(async () => {
    writeBodiesFile(file, SESSIONS, stepBody);
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const v = (
          JSON.parse(Buffer.concat(chunks).toString()) as { session_variables: Record<string, string> }
        ).session_variables;
        const session = v['state.sessionId'] as string;
        received.set(session, [...(received.get(session) ?? []), Number(v.step)]);
        res.writeHead(session === refuse ? 503 : 200, { 'content-type': 'application/json' });
        res.end('{"result_code":200}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/events`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends every body, each session’s events in their order, cycling, with each thread its own sessions', async () => {
    // One connection per thread: each thread's requests go out one after another.
    const result = await runWrk(url, file, 1, { connections: 2, threads: 2 });
    expect(result.failed).toBe(0);
    expect(result.succeeded).toBeGreaterThan(SESSIONS * EVENTS_PER_SESSION);
    expect([...received.keys()].sort()).toEqual(Array.from({ length: SESSIONS }, (_, s) => `s${s}`));
    for (const steps of received.values())
      expect(steps).toEqual(steps.map((_step, i) => i % EVENTS_PER_SESSION));
  });

  it('counts the answers of another status as failed', async () => {
    refuse = 's1';
    const result = await runWrk(url, file, 1, { connections: 4, threads: 1 });
    expect(result.failed).toBeGreaterThan(0);
    expect(result.succeeded).toBeGreaterThan(result.failed);
  });
});
