import { RestartBackoff } from './restart-backoff';

describe('RestartBackoff', () => {
  it('doubles from 100 ms with each worker that dies soon after it started, up to 30 s', () => {
    const backoff = new RestartBackoff();
    const delays = Array.from({ length: 12 }, () => backoff.delayAfter(500));
    expect(delays).toEqual([100, 200, 400, 800, 1600, 3200, 6400, 12_800, 25_600, 30_000, 30_000, 30_000]);
  });

  it('starts over once a worker had stayed up 10 s', () => {
    const backoff = new RestartBackoff();
    for (let i = 0; i < 5; i++) backoff.delayAfter(1000);
    expect(backoff.delayAfter(9_999)).toBe(3200);
    expect(backoff.delayAfter(10_000)).toBe(100);
    expect(backoff.delayAfter(50)).toBe(200);
  });

  it('takes its settings', () => {
    const backoff = new RestartBackoff({ initialMs: 10, maxMs: 25, stableMs: 100 });
    expect([1, 1, 1, 100].map((uptime) => backoff.delayAfter(uptime))).toEqual([10, 20, 25, 10]);
  });
});
