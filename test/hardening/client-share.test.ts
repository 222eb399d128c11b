import path from 'node:path';
import { RawWebhookClient } from '../support/grpc-client';
import {
  openHeaderOnlyCalls,
  openHeaderOnlyRequests,
  openSilentConnections,
} from '../support/greedy-clients';
import { startServeProcess, type ServeProcess } from '../support/serve-process';

/**
 * One greedy client must not take every place from the others: on the real built server, a client from
 * 127.0.0.2 holds as many events in flight (header-only gRPC calls, HTTP bodies that never come) or
 * connections (silent ones) as it can, and a well-behaved client from 127.0.0.1 keeps being answered,
 * while the greedy one is refused beyond its share (--client-share, 50 % by default).
 */

jest.setTimeout(30_000);

const RULES = path.resolve(__dirname, '../fixtures/e2e/rules');
const GREEDY = '127.0.0.2';
const EVENT = { 'state.currentEvent': 'X' };

async function readMetric(port: number, name: string): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  return Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1] ?? NaN);
}

/** Polls a metric until it has `value`, or `ms` pass; resolves with the last value read. */
async function waitForMetric(port: number, name: string, value: number, ms: number): Promise<number> {
  const deadline = Date.now() + ms;
  for (;;) {
    const read = await readMetric(port, name);
    if (read === value || Date.now() > deadline) return read;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The JSON log lines of `server` at level warn whose message starts with `start`. */
function readWarnings(server: ServeProcess, start: string): Record<string, unknown>[] {
  return server
    .stderr()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.level === 'warn' && String(line.msg).startsWith(start));
}

async function waitUntil(done: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
}

async function postEvent(port: number): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/v1/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ session_variables: EVENT }),
  });
  await res.text();
  return res.status;
}

/** Rounds of events from the well-behaved client: `batch` gRPC calls at once and one HTTP request per round. */
async function sendWellBehaved(server: ServeProcess, rounds: number, batch: number) {
  const client = new RawWebhookClient(`127.0.0.1:${server.grpcPort}`);
  const grpc: boolean[] = [];
  const http: number[] = [];
  try {
    for (let round = 0; round < rounds; round++) {
      const replies = await Promise.all(Array.from({ length: batch }, () => client.sendVariables(EVENT)));
      grpc.push(...replies.map((reply) => reply.ok));
      http.push(await postEvent(server.httpPort as number));
    }
  } finally {
    client.close();
  }
  return { grpc, http };
}

const shareMessage = (places: number, of: number) =>
  `too many events in flight from ${GREEDY}: one address may have ${places} of the ${of} places (--client-share 50% of --max-inflight-events); retry in 1 s`;

let events: ServeProcess;
let connections: ServeProcess;
beforeAll(async () => {
  [events, connections] = await Promise.all([
    startServeProcess([
      ...['--rules', RULES, '--max-inflight-events', '40', '--max-connections', '200', '--max-streams', '15'],
      ...['--headers-timeout', '8000', '--request-timeout', '8000'],
    ]),
    startServeProcess([
      ...['--rules', RULES, '--max-connections', '20'],
      ...['--headers-timeout', '8000', '--request-timeout', '8000', '--idle-timeout', '8000'],
    ]),
  ]);
});
afterAll(() => {
  events.child.kill('SIGKILL');
  connections.child.kill('SIGKILL');
});

describe('a greedy client holding events in flight', () => {
  it('gRPC: header-only calls hold at most its share; the other client keeps being answered', async () => {
    const port = events.httpPort as number;
    // 120 calls on 8 connections (15 each, as --max-streams allows); 20 of the 40 places are its share.
    const greedy = openHeaderOnlyCalls(events.grpcPort as number, {
      localAddress: GREEDY,
      connections: 8,
      calls: 15,
    });
    try {
      await greedy.answered(100, 5000);
      const wellBehaved = await sendWellBehaved(events, 5, 10);

      expect(wellBehaved.grpc).toEqual(wellBehaved.grpc.map(() => true));
      expect(wellBehaved.http).toEqual(wellBehaved.http.map(() => 200));
      // Every call beyond the share was refused at once: RESOURCE_EXHAUSTED (8), naming the address and flag.
      expect(greedy.answers.codes).toEqual(Array.from({ length: 100 }, () => 8));
      expect(greedy.answers.messages[0]).toBe(shareMessage(20, 40));
      expect(await readMetric(port, 'rulehook_events_in_flight')).toBe(20);
      expect(await readMetric(port, 'rulehook_shed_client_share_total')).toBe(100);
      expect(await readMetric(port, 'rulehook_shed_events_total')).toBe(0);
      // Metrics have no label by address: the warning names it.
      expect(readWarnings(events, 'events refused')).toContainEqual(
        expect.objectContaining({ peer: GREEDY }),
      );
    } finally {
      greedy.close();
    }
    expect(await waitForMetric(port, 'rulehook_events_in_flight', 0, 3000)).toBe(0);
  });

  it('HTTP: requests whose body never comes hold at most its share; the other client keeps being answered', async () => {
    const port = events.httpPort as number;
    const shedBefore = await readMetric(port, 'rulehook_shed_client_share_total');
    const greedy = openHeaderOnlyRequests(port, { localAddress: GREEDY, count: 60, bodyBytes: 100 });
    try {
      await greedy.answered(40, 5000);
      const wellBehaved = await sendWellBehaved(events, 5, 10);

      expect(wellBehaved.grpc).toEqual(wellBehaved.grpc.map(() => true));
      expect(wellBehaved.http).toEqual(wellBehaved.http.map(() => 200));
      expect(greedy.answers.codes).toEqual(Array.from({ length: 40 }, () => 429));
      expect(greedy.answers.messages[0]).toBe(shareMessage(20, 40));
      expect(await readMetric(port, 'rulehook_events_in_flight')).toBe(20);
      expect((await readMetric(port, 'rulehook_shed_client_share_total')) - shedBefore).toBe(40);
    } finally {
      greedy.close();
    }
    expect(await waitForMetric(port, 'rulehook_events_in_flight', 0, 3000)).toBe(0);
  });
});

describe('a greedy connection', () => {
  it('gRPC: carries at most --max-streams calls at once; the client holds the rest back', async () => {
    const port = events.httpPort as number;
    const greedy = openHeaderOnlyCalls(events.grpcPort as number, {
      localAddress: '127.0.0.3',
      connections: 1,
      calls: 40,
    });
    try {
      // 15 calls at once on the connection, below the address's share (20): none is refused.
      expect(await waitForMetric(port, 'rulehook_events_in_flight', 15, 3000)).toBe(15);
      expect(greedy.maxConcurrentStreams()).toEqual([15]);
      expect(greedy.answers.codes).toEqual([]);
    } finally {
      greedy.close();
    }
    expect(await waitForMetric(port, 'rulehook_events_in_flight', 0, 3000)).toBe(0);
  });
});

describe('a greedy client holding connections', () => {
  it.each([['HTTP'], ['gRPC']])(
    '%s: silent connections hold at most its share of --max-connections; the other client still connects',
    async (host) => {
      const port = (host === 'HTTP' ? connections.httpPort : connections.grpcPort) as number;
      const dropsBefore = await readMetric(
        connections.httpPort as number,
        'rulehook_connections_dropped_client_share_total',
      );
      // 20 connections allowed per host, 10 of them per address: the greedy client's last 10 are closed at once.
      const silent = openSilentConnections(port, { localAddress: GREEDY, count: 20 });
      try {
        const drops = await waitForMetric(
          connections.httpPort as number,
          'rulehook_connections_dropped_client_share_total',
          dropsBefore + 10,
          3000,
        );
        expect(drops - dropsBefore).toBe(10);
        expect(readWarnings(connections, 'connections refused')).toContainEqual(
          expect.objectContaining({ peer: GREEDY }),
        );
        await waitUntil(() => silent.closed() >= 10, 2000);
        expect(silent.closed()).toBe(10);
        if (host === 'HTTP') expect(await postEvent(port)).toBe(200);
        else {
          const client = new RawWebhookClient(`127.0.0.1:${port}`);
          const reply = await client.sendVariables(EVENT);
          client.close();
          expect(reply.ok).toBe(true);
        }
      } finally {
        silent.close();
      }
    },
  );
});
