import type { Logger } from '../observability/logger';

/**
 * How long a reload waits for what it re-reads besides the rules (the tokens file), in ms: as long as one
 * rule file's read may take (RULE_LIMITS.readMs).
 */
export const RELOAD_OTHERS_MS = 5_000;

/**
 * Wraps what a reload re-reads besides the rules so that it can never hold the reloads: past `ms`, the
 * reload goes on without waiting (what was loaded before stays in use; the read, which cannot be
 * cancelled, finishes in the background), and while such a read is still running no other is started,
 * so a file that never answers (a FIFO, a stalled mount) holds one thread of libuv's pool, not one per
 * reload. Either case is logged.
 */
export function boundReloadOthers(
  reloadOthers: () => Promise<void>,
  logger: Logger,
  ms = RELOAD_OTHERS_MS,
): () => Promise<void> {
  let running: Promise<void> | undefined;
  return async () => {
    if (running !== undefined) {
      logger.error('an earlier re-read of the tokens file has not finished; it was not read again', {});
      return;
    }
    const settled = reloadOthers().catch((error: unknown) =>
      logger.error('re-reading the tokens file failed', {
        error: String((error as Error)?.message ?? error),
      }),
    );
    running = settled.finally(() => (running = undefined));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), ms)));
    const tooLate = await Promise.race([settled.then(() => false), late]);
    clearTimeout(timer);
    if (tooLate)
      logger.error(
        `re-reading the tokens file did not finish within ${ms / 1000} s; the tokens loaded before stay in use`,
        {},
      );
  };
}
