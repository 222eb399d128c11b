import net from 'node:net';
import path from 'node:path';
import { RawWebhookClient } from '../support/grpc-client';
import { readRssBytes } from '../support/process-memory';
import { runSlowGrpcCalls, runSlowHttpClients } from '../support/slow-clients';
import { startServeProcess, type ServeProcess } from '../support/serve-process';

/**
 * Scaled-down floods against the real built server: connections beyond --max-connections, silent
 * connections, slow uploads. Each checks that the bound holds, that the server's memory stays bounded
 * (and is given back), and that an ordinary event sent meanwhile is answered quickly.
 */

jest.setTimeout(30_000);

const RULES = path.resolve(__dirname, '../fixtures/e2e/rules');
const MB = 1024 * 1024;

async function postEvent(port: number): Promise<{ status: number; ms: number }> {
  const started = Date.now();
  const res = await fetch(`http://127.0.0.1:${port}/v1/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"session_variables":{"state.currentEvent":"X"}}',
  });
  await res.text();
  return { status: res.status, ms: Date.now() - started };
}

async function readMetric(port: number, name: string): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  return Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1] ?? NaN);
}

/**
 * Opens `count` connections that send nothing; `closed(n, ms)` answers how many the server has closed,
 * once it has closed `n` or once `ms` passed.
 */
function openSilent(port: number, count: number): { closed(n: number, withinMs: number): Promise<number> } {
  let closed = 0;
  for (let i = 0; i < count; i++) {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => {});
    socket.on('close', () => closed++);
    // Read (and drop) what the server says, so that its closing is seen.
    socket.resume();
  }
  return {
    closed: (n, withinMs) =>
      new Promise((resolve) => {
        const deadline = Date.now() + withinMs;
        const poll = setInterval(() => {
          if (closed < n && Date.now() < deadline) return;
          clearInterval(poll);
          resolve(closed);
        }, 10);
      }),
  };
}

// Both servers start together: each scenario has its own, so that one flood cannot disturb the other.
// Every flood here comes from one address, as do the ordinary events sent meanwhile: --client-share 100 lets
// the floods reach the bounds tested (one address's share is client-share.test.ts's).
let few: ServeProcess;
let slow: ServeProcess;
beforeAll(async () => {
  [few, slow] = await Promise.all([
    startServeProcess([
      ...['--rules', RULES, '--max-connections', '30', '--client-share', '100'],
      ...['--headers-timeout', '500', '--request-timeout', '1000', '--idle-timeout', '800'],
    ]),
    startServeProcess([
      ...['--rules', RULES, '--max-inflight-bytes', String(8 * MB), '--max-inflight-events', '100'],
      ...['--headers-timeout', '1000', '--request-timeout', '1500', '--client-share', '100'],
    ]),
  ]);
});
afterAll(() => {
  few.child.kill('SIGKILL');
  slow.child.kill('SIGKILL');
});

describe('connections beyond --max-connections, and silent ones', () => {
  it.each([['HTTP'], ['gRPC']])(
    '%s: closes the extra ones at once and the silent ones soon after',
    async (host) => {
      const port = (host === 'HTTP' ? few.httpPort : few.grpcPort) as number;
      const flood = openSilent(port, 150);
      // Beyond the 30 allowed, every connection is closed as soon as it is accepted...
      expect(await flood.closed(120, 300)).toBeGreaterThanOrEqual(120);
      // ...and the 30 that send nothing are cut (HTTP: --headers-timeout; gRPC: --idle-timeout).
      expect(await flood.closed(150, 2500)).toBe(150);
      const event = await postEvent(few.httpPort as number);
      expect(event.status).toBe(200);
    },
  );

  it('counts the connections it dropped', async () => {
    expect(
      await readMetric(few.httpPort as number, 'rulehook_connections_dropped_total'),
    ).toBeGreaterThanOrEqual(240);
  });
});

describe('slow uploads', () => {
  it('HTTP: refuses bodies beyond --max-inflight-bytes before reading them, cuts the rest at --request-timeout, and keeps answering', async () => {
    const pid = slow.child.pid as number;
    const rssBefore = await readRssBytes(pid);
    // 300 uploads declaring 1 MB each, sending 16 KB every 50 ms: 300 MB if the server kept them all.
    const uploads = runSlowHttpClients(slow.httpPort as number, {
      count: 300,
      head:
        'POST /v1/events HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n' +
        '{"session_variables":{"a":"',
      chunk: Buffer.alloc(16 * 1024, 'x'),
      gapMs: 50,
      giveUpMs: 6000,
    });
    await new Promise((r) => setTimeout(r, 600));
    const during = [];
    for (let i = 0; i < 5; i++) during.push(await postEvent(slow.httpPort as number));
    const rssDuring = await readRssBytes(pid);
    const outcomes = await uploads;

    expect(during.map((e) => e.status)).toEqual([200, 200, 200, 200, 200]);
    expect(Math.max(...during.map((e) => e.ms))).toBeLessThan(500);
    // 8 MB allows 8 bodies of 1 MB: every other upload was refused at once with 429 and a JSON reason.
    const refused = outcomes.filter((o) => o?.response?.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(292);
    expect(refused[0]?.response?.headers['retry-after']).toBe('1');
    expect(JSON.parse(refused[0]?.response?.body ?? '{}').error).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message:
        'too many request bytes in flight: this body would take them past 8,388,608 bytes (--max-inflight-bytes); retry in 1 s',
    });
    expect(Math.max(...refused.map((o) => o?.closedAfterMs ?? Infinity))).toBeLessThan(1000);
    // The admitted ones were cut at --request-timeout (1.5 s), with a 408.
    const cut = outcomes.filter((o) => o?.response?.status !== 429);
    expect(cut.every((o) => o !== undefined && o.closedAfterMs < 3000)).toBe(true);
    expect(cut.map((o) => o?.response?.status)).toEqual(cut.map(() => 408));
    // Memory stays bounded while they run, and is given back once they end.
    expect(rssDuring - rssBefore).toBeLessThan(60 * MB);
    await new Promise((r) => setTimeout(r, 500));
    expect((await readRssBytes(pid)) - rssBefore).toBeLessThan(40 * MB);
  });

  it('gRPC: cuts calls whose message does not arrive within --request-timeout, and keeps answering', async () => {
    const calls = runSlowGrpcCalls(slow.grpcPort as number, {
      count: 60,
      declaredBytes: 500_000,
      chunk: Buffer.alloc(1024, 'x'),
      gapMs: 50,
      giveUpMs: 6000,
    });
    await new Promise((r) => setTimeout(r, 500));
    const client = new RawWebhookClient(`127.0.0.1:${slow.grpcPort}`);
    const started = Date.now();
    const reply = await client.sendVariables({ 'state.currentEvent': 'X' });
    const ms = Date.now() - started;
    client.close();
    expect(reply.ok).toBe(true);
    expect(ms).toBeLessThan(500);
    const outcomes = await calls;
    // 60 calls, 100 events allowed in flight: all admitted, all cut at 1.5 s with DEADLINE_EXCEEDED (4).
    expect(outcomes.map((o) => o?.code)).toEqual(outcomes.map(() => 4));
    expect(outcomes[0]?.message).toBe(
      'the request message did not arrive within 1,500 ms (--request-timeout)',
    );
    expect(outcomes.every((o) => o !== undefined && o.afterMs < 3000)).toBe(true);
    expect(
      await readMetric(slow.httpPort as number, 'rulehook_request_timeouts_total'),
    ).toBeGreaterThanOrEqual(60);
  });
});
