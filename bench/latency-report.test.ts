import { summarize, type Run, type Runs } from './latency-report';

/** A run with the given p50 and p99 (ms), on schedule or not. */
function run(p50: number, p99: number, behind = false): Run {
  const latency = { p50, p99, p999: p99, max: p99 };
  return {
    planned: 100,
    sent: 100,
    answered: 100,
    errors: 0,
    timeouts: 0,
    firstError: undefined,
    sendRate: 2_000,
    latency,
    sendLag: latency,
    maxInFlight: 1,
    behind,
    cpuWaitMs: 0,
  };
}

const PLAN = { rate: 2_000, seconds: 4, connections: 50, quick: false };

describe('summarize', () => {
  it('pairs bare ÷ rulehook per round and judges the p99 rows against 1.3 times bare', () => {
    const runs: Runs = {
      bare: [run(0.2, 1), run(0.2, 2)],
      rulehook: [run(0.4, 2), run(0.4, 2)],
      tuned: [run(0.3, 1.25), run(0.3, 2.5)],
    };
    const [p99, tuned, p50] = summarize(runs, PLAN);
    expect(p99?.ratio?.median).toBeCloseTo(0.75, 6);
    expect([p99?.goal, p99?.met]).toEqual(['≥ 0.77x', false]);
    expect(tuned?.ratio?.median).toBeCloseTo(0.8, 6);
    expect(tuned?.met).toBe(true);
    expect(p50?.ratio?.median).toBeCloseTo(0.5, 6);
    expect(p50?.goal).toBeUndefined();
    expect(p99?.figures).toBe('2.00 vs 1.50 ms at 2,000 req/s');
  });

  it('leaves out a round where the client fell behind for any server, and says so', () => {
    const runs: Runs = {
      bare: [run(0.2, 1), run(0.2, 1), run(0.2, 1)],
      rulehook: [run(0.2, 1), run(0.2, 100), run(0.2, 1)],
      tuned: [run(0.2, 1), run(0.2, 1, true), run(0.2, 1)],
    };
    const [p99] = summarize(runs, PLAN);
    expect(p99?.ratio?.median).toBe(1);
    expect(p99?.figures).toMatch(/1 of 3 rounds left out \(client behind schedule\)$/);
    expect(p99?.met).toBe(true);
  });

  it('judges nothing when the client fell behind in every round, and keeps them all in the figures', () => {
    const runs: Runs = {
      bare: [run(0.2, 1, true)],
      rulehook: [run(0.2, 4)],
      tuned: [run(0.2, 2)],
    };
    const rows = summarize(runs, PLAN);
    expect(rows.map((r) => r.goal)).toEqual([undefined, undefined, undefined]);
    expect(rows[0]?.ratio?.median).toBe(0.25);
    expect(rows[0]?.figures).toMatch(/all 1 rounds client behind schedule: not judged$/);
  });

  it('keeps every round under --quick', () => {
    const runs: Runs = { bare: [run(0.2, 1, true)], rulehook: [run(0.2, 1)], tuned: [run(0.2, 1)] };
    const [p99] = summarize(runs, { ...PLAN, quick: true });
    expect(p99?.goal).toBe('≥ 0.77x');
    expect(p99?.figures).toBe('1.00 vs 1.00 ms at 2,000 req/s');
  });
});
