import { armStopDeadline, STOP_GRACE_MS, stopDeadlineMs } from './stop-deadline';

describe('the stop deadline', () => {
  it('is the drain (on SIGTERM only), the shutdown timeout and the grace', () => {
    expect(stopDeadlineMs('SIGTERM', 5, 10_000)).toBe(5_000 + 10_000 + STOP_GRACE_MS);
    expect(stopDeadlineMs('SIGINT', 5, 10_000)).toBe(10_000 + STOP_GRACE_MS);
  });

  it('ends the process once a stop passes it, saying so, and not before the abort', async () => {
    const controller = new AbortController();
    const written: string[] = [];
    let forced = 0;
    let ended: () => void = () => undefined;
    const forcedExit = new Promise<void>((resolve) => (ended = resolve));
    armStopDeadline({
      signal: controller.signal,
      drainSeconds: 60,
      shutdownTimeoutMs: 1,
      forceExit: () => {
        forced++;
        ended();
      },
      stderr: { write: (text: string) => written.push(text) },
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(forced).toBe(0);
    controller.abort('SIGINT');
    await forcedExit;
    expect(forced).toBe(1);
    expect(written).toEqual([
      `rulehook serve: not stopped ${(1 + STOP_GRACE_MS) / 1000} s after SIGINT; exiting now\n`,
    ]);
  });
});
