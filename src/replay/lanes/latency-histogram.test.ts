import { LatencyHistogram } from './latency-histogram';

describe('LatencyHistogram', () => {
  it('reports percentiles within 2%, in constant memory', () => {
    const h = new LatencyHistogram();
    for (let i = 1; i <= 10_000; i++) h.record(i / 100); // 0.01 ms .. 100 ms, uniform
    expect(h.count).toBe(10_000);
    for (const [p, expected] of [
      [50, 50],
      [90, 90],
      [99, 99],
    ] as const) {
      expect(Math.abs(h.percentile(p) - expected) / expected).toBeLessThan(0.02);
    }
    expect(h.max).toBe(100);
    expect(h.min).toBe(0.01);
    expect(h.mean).toBeCloseTo(50.005, 3);
  });

  it('answers 0 when nothing was recorded, and never beyond the extremes', () => {
    const h = new LatencyHistogram();
    expect(h.percentile(50)).toBe(0);
    h.record(3);
    expect(h.percentile(1)).toBe(3);
    expect(h.percentile(100)).toBe(3);
  });
});
