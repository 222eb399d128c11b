interface Timer {
  at: number;
  /** Tie-breaker: timers due at the same time run in the order they were set. */
  order: number;
  task: () => void | Promise<void>;
}

/**
 * Simulated time for the sandbox's sessions, in ms since the epoch. Nothing
 * happens by itself: `advance` runs every timer due, in time order, each to
 * completion (awaited) before the next, with `now()` at the timer's time. Tests
 * step it by hand; the server drives it at a multiple of real time
 * (`driveClock`). Hand-written: fake-timer libraries replace the process's
 * global timers, which the hosts and the webhook clients need for real.
 */
export class VirtualClock {
  private current: number;
  private timers: Timer[] = [];
  private set = 0;
  private running: Promise<void> = Promise.resolve();

  constructor(start: number = Date.now()) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  /** Runs `task` once the clock reaches now + `delayMs`; returns a function cancelling it. */
  schedule(delayMs: number, task: () => void | Promise<void>): () => void {
    const timer: Timer = { at: this.current + Math.max(0, delayMs), order: this.set++, task };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  }

  /** Moves the clock `ms` forward, running the timers due on the way (also those they set). */
  advance(ms: number): Promise<void> {
    return this.advanceTo(this.current + ms);
  }

  /** Calls overlap safely: each waits for the previous one. */
  advanceTo(target: number): Promise<void> {
    this.running = this.running.then(() => this.runUntil(target));
    return this.running;
  }

  private async runUntil(target: number): Promise<void> {
    for (;;) {
      const next = this.takeNext(target);
      if (next === undefined) break;
      this.current = Math.max(this.current, next.at);
      await next.task();
    }
    this.current = Math.max(this.current, target);
  }

  private takeNext(target: number): Timer | undefined {
    let best: Timer | undefined;
    for (const timer of this.timers)
      if (
        timer.at <= target &&
        (best === undefined || timer.at < best.at || (timer.at === best.at && timer.order < best.order))
      )
        best = timer;
    if (best !== undefined) this.timers = this.timers.filter((t) => t !== best);
    return best;
  }
}

/**
 * Drives `clock` at `speed` × real time (2: two simulated seconds per real second) until the returned
 * function is called. The tick is the real-time step, in ms.
 */
export function driveClock(clock: VirtualClock, speed: number, tickMs = 20): () => void {
  const virtualStart = clock.now();
  const realStart = Date.now();
  const timer = setInterval(() => {
    void clock.advanceTo(virtualStart + (Date.now() - realStart) * speed);
  }, tickMs);
  timer.unref();
  return () => clearInterval(timer);
}
