import type { Worker } from 'node:cluster';
import { MAX_PENDING_LINES, PrimaryConsoleRelay } from './primary-console-relay';

/** A stand-in for a cluster worker: what the primary sends it; `hold` keeps its channel from draining. */
function fakeWorker(id: number, hold = false) {
  const sent: { type: string; [field: string]: unknown }[] = [];
  const worker = {
    id,
    isConnected: () => true,
    send: (message: { type: string }, callback?: (error: Error | null) => void) => {
      sent.push(message);
      if (!hold) callback?.(null);
      return true;
    },
  } as unknown as Worker;
  const of = (type: string) => sent.filter((m) => m.type === `rulehook:console-${type}`);
  return { worker, of };
}

const line = (n: number) => `{"time":"2024-06-11T09:00:${String(n).padStart(2, '0')}.000Z","n":${n}}`;

describe('PrimaryConsoleRelay', () => {
  it('has workers publish only while some console listens, and relays to the listening others', () => {
    const relay = new PrimaryConsoleRelay();
    const [a, b, c] = [fakeWorker(1), fakeWorker(2), fakeWorker(3)];
    const all = () => [a.worker, b.worker, c.worker];
    relay.welcome(a.worker);
    expect(a.of('publish')).toEqual([]);
    relay.handle(a.worker, { type: 'rulehook:console-listening', listening: true }, all);
    for (const w of [a, b, c])
      expect(w.of('publish')).toEqual([{ type: 'rulehook:console-publish', publish: true }]);
    relay.handle(b.worker, { type: 'rulehook:console-decision', line: line(1) }, all);
    relay.handle(a.worker, { type: 'rulehook:console-decision', line: line(2) }, all);
    // To the listening workers but the one that made it: a's own decisions reach its console directly.
    expect(a.of('decision').map((m) => m.line)).toEqual([line(1)]);
    expect(b.of('decision')).toEqual([]);
    expect(c.of('decision')).toEqual([]);
    relay.handle(a.worker, { type: 'rulehook:console-listening', listening: false }, all);
    expect(c.of('publish').at(-1)).toEqual({ type: 'rulehook:console-publish', publish: false });
    // A replacement started while nobody listens is not told to publish.
    const d = fakeWorker(4);
    relay.welcome(d.worker);
    expect(d.of('publish')).toEqual([]);
  });

  it('stops publishing when the last listening worker exits, and drops lines a channel does not take', () => {
    const relay = new PrimaryConsoleRelay();
    const [a, slow] = [fakeWorker(1), fakeWorker(2, true)];
    relay.handle(slow.worker, { type: 'rulehook:console-listening', listening: true }, () => [
      a.worker,
      slow.worker,
    ]);
    for (let n = 0; n < MAX_PENDING_LINES + 50; n++)
      relay.handle(a.worker, { type: 'rulehook:console-decision', line: line(n % 60) }, () => [
        a.worker,
        slow.worker,
      ]);
    expect(slow.of('decision')).toHaveLength(MAX_PENDING_LINES);
    relay.forget(slow.worker, [a.worker]);
    expect(a.of('publish').at(-1)).toEqual({ type: 'rulehook:console-publish', publish: false });
  });

  it("answers the recent decisions with every worker's, by time, the newest within the limit", async () => {
    const relay = new PrimaryConsoleRelay();
    const [a, b] = [fakeWorker(1), fakeWorker(2)];
    const all = () => [a.worker, b.worker];
    relay.handle(a.worker, { type: 'rulehook:console-recent-request', id: 7, limit: 3 }, all);
    const id = a.of('recent-collect')[0]!.id as number;
    relay.handle(a.worker, { type: 'rulehook:console-recent-collected', id, lines: [line(1), line(4)] }, all);
    expect(a.of('recent')).toEqual([]);
    relay.handle(b.worker, { type: 'rulehook:console-recent-collected', id, lines: [line(2), line(3)] }, all);
    await new Promise((resolve) => setImmediate(resolve));
    expect(a.of('recent')).toEqual([
      { type: 'rulehook:console-recent', id: 7, lines: [line(2), line(3), line(4)] },
    ]);
  });
});
