import { drainMilliseconds } from './drain';

/**
 * What a stop may take beyond the drain and `--shutdown-timeout`, in ms: closing the outputs (the
 * recording, the decision log, the session store) and exiting.
 */
export const STOP_GRACE_MS = 3_000;

export interface StopDeadlineSettings {
  signal: AbortSignal | undefined;
  drainSeconds: number;
  shutdownTimeoutMs: number;
  /** Ends the process at once, whatever still runs. */
  forceExit(): void;
  stderr: { write(text: string): unknown };
}

/**
 * The longest a stop for `reason` may take: the drain (on SIGTERM only), `--shutdown-timeout` for the
 * requests in flight, and STOP_GRACE_MS.
 */
export function stopDeadlineMs(reason: unknown, drainSeconds: number, shutdownTimeoutMs: number): number {
  return drainMilliseconds(reason, drainSeconds) + shutdownTimeoutMs + STOP_GRACE_MS;
}

/**
 * Once `signal` aborts, gives the stop until its deadline, then says so and calls `forceExit`: a stop
 * ends even when something it waits for never does (a file system call that never returns, a store
 * that never closes). The timer does not keep the process alive.
 */
export function armStopDeadline(settings: StopDeadlineSettings): void {
  const { signal } = settings;
  if (signal === undefined) return;
  const arm = (): void => {
    const ms = stopDeadlineMs(signal.reason, settings.drainSeconds, settings.shutdownTimeoutMs);
    const timer = setTimeout(() => {
      settings.stderr.write(
        `rulehook serve: not stopped ${ms / 1000} s after ${String(signal.reason)}; exiting now\n`,
      );
      settings.forceExit();
    }, ms);
    timer.unref();
  };
  if (signal.aborted) arm();
  else signal.addEventListener('abort', arm, { once: true });
}
