import { OpenLoopAccount } from './open-loop';

const MS = 1e6;

/** 1,000 requests/s for 10 ms: request i is due at i ms. */
function account(lagLimitNs = MS): OpenLoopAccount {
  return new OpenLoopAccount({ rate: 1_000, seconds: 0.01, lagLimitNs });
}

/** Sends every request on time and answers each `latencyMs` (under one interval) after it. */
function runOnTime(a: OpenLoopAccount, latencyMs: number): void {
  for (let i = 0; i < a.planned; i++) {
    expect(a.takeDue(i * MS)).toEqual([i]);
    a.answer(i, (i + latencyMs) * MS);
  }
}

describe('OpenLoopAccount', () => {
  it('fixes the schedule in advance: the requests due by a time, each once, in order', () => {
    const a = account();
    expect(a.planned).toBe(10);
    expect(a.takeDue(0)).toEqual([0]);
    expect(a.takeDue(0.5 * MS)).toEqual([]);
    expect(a.untilNextNs(0.5 * MS)).toBe(0.5 * MS);
    expect(a.takeDue(3.5 * MS)).toEqual([1, 2, 3]);
    expect(a.takeDue(100 * MS)).toEqual([4, 5, 6, 7, 8, 9]);
    expect(a.untilNextNs(100 * MS)).toBeUndefined();
    expect(a.takeDue(200 * MS)).toEqual([]);
  });

  it('charges a late answer from its scheduled time, and the requests queued behind it too', () => {
    const a = account();
    // Request 0 stalls 100 ms; the server answers the others only after it, all at 100 ms.
    for (let i = 0; i < a.planned; i++) a.takeDue(i * MS);
    for (let i = 0; i < a.planned; i++) expect(a.answer(i, 100 * MS)).toBe(true);
    const { latency, answered } = a.result();
    expect(answered).toBe(10);
    expect(latency.max).toBeCloseTo(100, 0);
    // Request 9, due at 9 ms, waited 91 ms: a client timing from the moment a connection freed would say ~0.
    expect(latency.p50).toBeGreaterThan(90);
  });

  it('charges the client its own lateness: requests sent late still count from their schedule', () => {
    const a = account();
    a.takeDue(0);
    // The client wakes 5 ms late: requests 1–5 go out together at 5 ms, each answered at once.
    expect(a.takeDue(5 * MS)).toEqual([1, 2, 3, 4, 5]);
    for (const i of [0, 1, 2, 3, 4, 5]) a.answer(i, 5 * MS);
    const { latency, sendLag } = a.result();
    expect(latency.max).toBeCloseTo(5, 1);
    expect(sendLag.max).toBeCloseTo(4, 1);
  });

  it('is on schedule when every request leaves on time', () => {
    const a = account();
    runOnTime(a, 0.5);
    const result = a.result();
    expect(result.behind).toBe(false);
    expect(result.sendRate).toBeCloseTo(1_000, 6);
    expect(result.sendLag.p99).toBeLessThan(1e-5);
    expect(result.latency.p50).toBeCloseTo(0.5, 2);
    expect(result.maxInFlight).toBe(1);
  });

  it('detects a client that falls behind its schedule by its send lag', () => {
    const a = account();
    a.takeDue(0);
    a.takeDue(9 * MS);
    for (let i = 0; i < 10; i++) a.answer(i, 9.5 * MS);
    const result = a.result();
    expect(result.sendLag.p99).toBeCloseTo(8, 1);
    expect(result.maxInFlight).toBe(10);
    expect(result.behind).toBe(true);
    // The same lag is tolerated under a looser limit: the rate was kept.
    const loose = account(50 * MS);
    loose.takeDue(0);
    loose.takeDue(9 * MS);
    expect(loose.result().behind).toBe(false);
  });

  it('detects a client that sent fewer requests than planned', () => {
    const a = account(Infinity);
    a.takeDue(4 * MS);
    const result = a.result();
    expect(result.sent).toBe(5);
    expect(result.behind).toBe(true);
  });

  it('counts failures and timeouts once each, keeping the first message', () => {
    const a = account();
    runOnTime(a, 0.5);
    const b = account();
    for (let i = 0; i < 10; i++) b.takeDue(i * MS);
    expect(b.fail(2, 'error', 'HTTP 500')).toBe(true);
    expect(b.fail(2, 'timeout', 'again')).toBe(false);
    expect(b.answer(2, 20 * MS)).toBe(false);
    expect(b.fail(7, 'timeout', 'no answer')).toBe(true);
    expect(b.isDone()).toBe(false);
    expect(b.unsettled()).toEqual([0, 1, 3, 4, 5, 6, 8, 9]);
    for (const i of b.unsettled()) b.answer(i, 12 * MS);
    expect(b.isDone()).toBe(true);
    const result = b.result();
    expect([result.answered, result.errors, result.timeouts]).toEqual([8, 1, 1]);
    expect(result.firstError).toBe('request 2: HTTP 500');
    expect(a.result().errors).toBe(0);
  });

  it('has no latency figures before anything was answered', () => {
    expect(account().result().latency.p99).toBeNaN();
  });
});
