import type { Worker } from 'node:cluster';
import { Metrics } from '../observability/metrics';
import { silentLogger } from '../observability/logger';
import { PrimaryMetrics } from './primary-metrics';
import type { MetricsAnswer, MetricsCollect } from './worker-messages';

/** A stand-in for a cluster worker: what the primary sends it, and its own metrics to report. */
function fakeWorker(id: number, events: number) {
  const sent: unknown[] = [];
  const metrics = new Metrics();
  metrics.labeledCounter('rulehook_events_total', 'Events.', ['outcome']).labels('answered').inc(events);
  const worker = {
    id,
    process: { pid: 1000 + id },
    isConnected: () => true,
    send: (message: unknown, callback?: (error: Error | null) => void) => {
      sent.push(message);
      callback?.(null);
      return true;
    },
  } as unknown as Worker;
  const collects = () =>
    sent.filter((m): m is MetricsCollect => (m as MetricsCollect).type === 'rulehook:metrics-collect');
  const answers = () =>
    sent.filter((m): m is MetricsAnswer => (m as MetricsAnswer).type === 'rulehook:metrics');
  /** Answers the primary's last request for its metrics, as a worker does. */
  const report = async (primary: PrimaryMetrics) => {
    const request = collects().at(-1)!;
    const json = await metrics.registry.getMetricsAsJSON();
    primary.handle(worker, { type: 'rulehook:metrics-collected', id: request.id, metrics: json }, () => []);
  };
  return { worker, collects, answers, report };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('PrimaryMetrics', () => {
  it('asks every listening worker for its metrics and answers the asking worker with their sum', async () => {
    const primary = new PrimaryMetrics(silentLogger);
    const [a, b] = [fakeWorker(1, 2), fakeWorker(2, 3)];
    const listening = () => [a.worker, b.worker];
    expect(primary.handle(a.worker, { type: 'rulehook:metrics-request', id: 7 }, listening)).toBe(true);
    expect([a.collects().length, b.collects().length]).toEqual([1, 1]);
    await a.report(primary);
    await flush();
    expect(a.answers()).toEqual([]);
    await b.report(primary);
    await flush();
    expect(a.answers()).toEqual([
      {
        type: 'rulehook:metrics',
        id: 7,
        text: expect.stringContaining('rulehook_events_total{outcome="answered"} 5\n'),
      },
    ]);
  });

  it('leaves out a worker that exits before it answers', async () => {
    const primary = new PrimaryMetrics(silentLogger);
    const [a, b] = [fakeWorker(1, 2), fakeWorker(2, 3)];
    primary.handle(a.worker, { type: 'rulehook:metrics-request', id: 1 }, () => [a.worker, b.worker]);
    await a.report(primary);
    primary.forget(b.worker);
    await flush();
    expect(a.answers()[0]?.text).toContain('rulehook_events_total{outcome="answered"} 2\n');
  });

  it('fails the scrape when a worker does not answer in time, rather than summing without it', async () => {
    const primary = new PrimaryMetrics(silentLogger, 20);
    const [a, b] = [fakeWorker(1, 2), fakeWorker(2, 3)];
    primary.handle(b.worker, { type: 'rulehook:metrics-request', id: 3 }, () => [a.worker, b.worker]);
    await a.report(primary);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(b.answers()).toEqual([
      { type: 'rulehook:metrics', id: 3, error: 'workers did not report their metrics within 20 ms' },
    ]);
  });

  it('leaves other messages to the supervisor', () => {
    const primary = new PrimaryMetrics(silentLogger);
    expect(primary.handle(fakeWorker(1, 0).worker, { type: 'rulehook:rules-request' }, () => [])).toBe(false);
  });
});
