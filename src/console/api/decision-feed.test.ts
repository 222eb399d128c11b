import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { encodeDecisionLine, type EventDecision } from '../../contract/decision-line';
import { createEmptyResponse } from '../../contract/types';
import { createLogMask } from '../../recording/log-mask';
import { DecisionFeed } from './decision-feed';
import { createDecisionRoutes } from './live-routes';

const decision = (n: number, ani = '+14155550142'): EventDecision => ({
  time: 1_700_000_000_000 + n,
  requestId: `r-${n}`,
  revision: 'rev',
  durationMs: 0.5,
  variables: { 'state.sessionId': 's', 'state.currentEvent': `E${n}`, 'call.ani': ani },
  fired: [],
  response: createEmptyResponse(),
});

describe('DecisionFeed', () => {
  const mask = createLogMask(['*ani'], 'key');

  it("publishes the decision log's line, masked by the same code, to every listener", () => {
    const feed = new DecisionFeed({ mask });
    const seen: string[] = [];
    feed.subscribe(
      (line) => seen.push(line),
      () => undefined,
    );
    feed.publish(decision(1));
    expect(seen).toEqual([encodeDecisionLine(decision(1), mask).trimEnd()]);
    expect(seen[0]).not.toContain('+14155550142');
  });

  it('builds no line while nobody listens, and keeps the last decisions for a page that opens', () => {
    const feed = new DecisionFeed({ mask, recent: 3 });
    const lineOf = jest.spyOn(feed, 'lineOf');
    for (let n = 1; n <= 5; n++) feed.publish(decision(n));
    expect(lineOf).not.toHaveBeenCalled();
    expect(feed.recent().map((line) => (JSON.parse(line) as { request_id: string }).request_id)).toEqual([
      'r-3',
      'r-4',
      'r-5',
    ]);
  });

  it('says when the first listener comes and the last goes, and closes every stream on close', () => {
    const feed = new DecisionFeed();
    const told: boolean[] = [];
    feed.onListening = (listening) => told.push(listening);
    const closed: string[] = [];
    const stopA = feed.subscribe(
      () => undefined,
      () => closed.push('a'),
    );
    feed.subscribe(
      () => undefined,
      () => closed.push('b'),
    );
    stopA();
    feed.close();
    expect(told).toEqual([true]);
    expect(closed).toEqual(['b']);
    feed.subscribe(
      () => undefined,
      () => closed.push('late'),
    );
    expect(closed).toEqual(['b', 'late']);
  });
});

describe('GET /console/api/decisions', () => {
  let server: Server;
  let feed: DecisionFeed;
  beforeEach(async () => {
    feed = new DecisionFeed();
    const app = express();
    app.use(createDecisionRoutes(feed, { maxBufferedBytes: 64 * 1024, heartbeatMs: 60_000 }));
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterEach(async () => {
    feed.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('drops decisions for a client that does not read, bounded, and tells it how many once it reads', async () => {
    const { port } = server.address() as AddressInfo;
    const response = await new Promise<import('node:http').IncomingMessage>((resolve) =>
      request({ port, host: '127.0.0.1', path: '/console/api/decisions' }, resolve).end(),
    );
    response.pause();
    const big = 'x'.repeat(4096);
    for (let n = 0; n < 2000; n++) feed.publish(decision(n, big));
    // 2000 decisions of 4 KiB: far beyond the socket's and the 64 KiB bound's room.
    const socket = response.socket;
    expect(socket.writableLength).toBeLessThan(2000 * 4096);
    let text = '';
    response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    response.resume();
    await new Promise((resolve) => setTimeout(resolve, 300));
    feed.publish(decision(5000));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const dropped = /event: dropped\ndata: \{"count":(\d+)\}/.exec(text);
    expect(dropped).not.toBeNull();
    const delivered = text.split('event: decision\n').length - 1;
    expect(delivered + Number(dropped![1])).toBe(2001);
    expect(text).toContain('"request_id":"r-5000"');
  });
});
