import http from 'node:http';
import path from 'node:path';
import { describeWithRedis, RedisServer } from '../support/redis-server';
import { startServeProcess, type ServeProcess } from '../support/serve-process';

/**
 * `serve --workers 2 --console`, the built binary: the primary hands each connection to the next worker,
 * so a console's stream and the events it shows land on different workers; each worker's console sees
 * every worker's decisions, relayed by the primary, and the recent ones of all of them.
 */
jest.setTimeout(60_000);

const PACK = path.resolve(__dirname, '../../examples/fraud-and-spoofing');
const EVENTS = 24;

/** A request on a connection of its own: the primary hands connections to the workers in turn. */
function request(port: number, method: string, url: string, body?: unknown): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = http.request({ port, host: '127.0.0.1', method, path: url, agent: false }, resolve);
    req.on('error', reject);
    if (body !== undefined) req.setHeader('content-type', 'application/json');
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

async function readAll(response: http.IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of response.setEncoding('utf8')) text += chunk as string;
  return text;
}

/** The session ids of the decisions a stream has shown so far. */
function watchStream(response: http.IncomingMessage): () => string[] {
  let text = '';
  response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  return () =>
    [...text.matchAll(/^event: decision\ndata: (.*)$/gm)].map(
      (m) =>
        (JSON.parse(m[1]!) as { session_variables: Record<string, string> }).session_variables[
          'state.sessionId'
        ]!,
    );
}

describeWithRedis('serve --workers 2 --console', () => {
  let redis: RedisServer | undefined;
  let server: ServeProcess | undefined;
  beforeAll(async () => {
    if (process.env.REDIS_URL === undefined) redis = await RedisServer.start();
  });
  afterAll(() => redis?.kill());
  afterEach(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
  });

  it("shows every worker's decisions on every worker's stream, and the recent ones of all", async () => {
    const url = process.env.REDIS_URL ?? redis!.url;
    server = await startServeProcess(
      ['--rules', PACK, '--no-grpc', '--console', '--workers', '2', '--state', url],
      30_000,
    );
    const port = server.httpPort!;
    // Two streams on two connections: one on each worker.
    const streams = [
      await request(port, 'GET', '/console/api/decisions'),
      await request(port, 'GET', '/console/api/decisions'),
    ];
    const shown = streams.map(watchStream);
    // Subscribed once the first bytes came; the primary tells the workers to publish meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const sessions = Array.from({ length: EVENTS }, (_, n) => `cs-workers-${n}`);
    for (const session of sessions) {
      const response = await request(port, 'POST', '/v1/events', {
        session_variables: { 'state.sessionId': session, 'state.currentEvent': 'CALL_STARTED' },
      });
      expect(response.statusCode).toBe(200);
      await readAll(response);
    }
    for (const deadline = Date.now() + 5000; Date.now() < deadline;) {
      if (shown.every((seen) => seen().length >= EVENTS)) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    for (const seen of shown) expect([...seen()].sort()).toEqual([...sessions].sort());
    for (const stream of streams) stream.destroy();

    // Asked twice, so on both workers: each answers every worker's, oldest first.
    for (let n = 0; n < 2; n++) {
      const recent = await request(port, 'GET', '/console/api/decisions/recent');
      const { decisions } = JSON.parse(await readAll(recent)) as {
        decisions: { time: string; session_variables: Record<string, string> }[];
      };
      expect(decisions.map((d) => d.session_variables['state.sessionId']).sort()).toEqual(
        [...sessions].sort(),
      );
      const times = decisions.map((d) => d.time);
      expect(times).toEqual([...times].sort());
    }
    // A call from the live decisions, on whichever worker: found among all workers' recent ones.
    for (let n = 0; n < 2; n++) {
      const call = await request(port, 'POST', '/console/api/call', { source: { decisions: sessions[n] } });
      expect(call.statusCode).toBe(200);
      const body = JSON.parse(await readAll(call)) as { events: { event: string }[] };
      expect(body.events.map((e) => e.event)).toEqual(['CALL_STARTED']);
    }
  });
});
