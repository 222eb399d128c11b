/**
 * The bound a hardening test puts on an answer that used to stall the server (a backtracking regex, a
 * glob of cubic cost). It detects a hang, it does not check speed: the stalls it guards against last
 * seconds to minutes, a normal answer takes a few milliseconds, and a loaded CI machine stays far below
 * it. Speed is measured by the benchmarks in bench/, never asserted in tests.
 */
export const STALL_MS = 1_000;

/**
 * Asks `/healthz` while `events` (requests already sent, that used to stall the server) are in flight:
 * it must answer 200 within STALL_MS, and every event must then be answered 200.
 */
export async function expectHealthWhile(port: number, events: readonly Promise<Response>[]): Promise<void> {
  const start = performance.now();
  const health = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(5_000) });
  expect(health.status).toBe(200);
  expect(performance.now() - start).toBeLessThan(STALL_MS);
  for (const res of await Promise.all(events)) expect(res.status).toBe(200);
}
