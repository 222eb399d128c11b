import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPool, runOpenLoop, warmPool, type OpenLoopTarget } from './open-loop-http';
import { checkTrafficAnswer } from './traffic-check';

/** A loopback server answering each request (numbered from 0 as they arrive) as `answer` says. */
async function startServer(
  answer: (n: number, res: ServerResponse) => void,
): Promise<{ server: Server; port: number; connections: () => number }> {
  let requests = 0;
  let connections = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on('end', () => answer(requests++, res));
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, connections: () => connections };
}

function answerOk(res: ServerResponse, resultCode = 200): void {
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ result_code: resultCode }));
}

function target(port: number, connections: number, timeoutMs = 5_000): OpenLoopTarget {
  return {
    port,
    path: '/v1/events',
    bodies: [Buffer.from('{"session_variables":{}}')],
    agent: createPool(connections),
    timeoutMs,
    checkAnswer: checkTrafficAnswer,
  };
}

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

describe('runOpenLoop', () => {
  it('charges the requests queued behind a stalled one from their scheduled times', async () => {
    // The first request is held 200 ms; the 49 others, due within 49 ms, wait behind it on the one connection.
    const { server, port } = await startServer((n, res) =>
      n === 0 ? setTimeout(() => answerOk(res), 200) : answerOk(res),
    );
    servers.push(server);
    const result = await runOpenLoop({ rate: 1_000, seconds: 0.05, lagLimitNs: Infinity }, target(port, 1));
    expect([result.planned, result.sent, result.answered, result.errors, result.timeouts]).toEqual([
      50, 50, 50, 0, 0,
    ]);
    // Each was answered after the held one (≥ 200 ms from the start) and scheduled by 49 ms: ≥ 151 ms each.
    expect(result.latency.p50).toBeGreaterThanOrEqual(151);
  });

  it('counts answers the check refuses as errors, and keeps going', async () => {
    const { server, port } = await startServer((n, res) => answerOk(res, n % 5 === 4 ? 500 : 200));
    servers.push(server);
    const result = await runOpenLoop({ rate: 1_000, seconds: 0.02, lagLimitNs: Infinity }, target(port, 4));
    expect([result.answered, result.errors, result.timeouts]).toEqual([16, 4, 0]);
    expect(result.firstError).toMatch(/result_code 500/);
  });

  it('counts a request never answered as a timeout once the others are in', async () => {
    const { server, port } = await startServer((n, res) => (n === 3 ? undefined : answerOk(res)));
    servers.push(server);
    const result = await runOpenLoop(
      { rate: 1_000, seconds: 0.01, lagLimitNs: Infinity },
      target(port, 4, 1_000),
    );
    expect([result.answered, result.errors, result.timeouts]).toEqual([9, 0, 1]);
    expect(result.firstError).toMatch(/no answer within 1000 ms/);
  });

  it('opens its whole pool before a run and sends over those connections only', async () => {
    const { server, port, connections } = await startServer((_n, res) => answerOk(res));
    servers.push(server);
    const pool = target(port, 5);
    await warmPool(pool, 5);
    expect(connections()).toBe(5);
    const result = await runOpenLoop({ rate: 2_000, seconds: 0.05, lagLimitNs: Infinity }, pool);
    expect(result.answered).toBe(100);
    expect(connections()).toBe(5);
  });
});
