import { watch } from 'chokidar';
import type { Logger } from '../observability/logger';

/**
 * How long the files must stay quiet before a reload, in ms: editors save in
 * several steps (a temporary file, a rename), and a checkout changes many
 * files; one reload reads them all once they settle.
 */
export const WATCH_SETTLE_MS = 250;

/**
 * How long a changed or added file must keep its size (and raise no change) before its change counts, in
 * ms: a program that writes a file in parts, pausing between them, would otherwise have its first part
 * read, and served when it happens to be a valid rule set. Longer pauses than this still show a partial
 * file; writing a file elsewhere and renaming it into place is the one safe way (docs/operations.md).
 */
export const WATCH_STABLE_MS = 1_000;

/** How often the size of a file waiting for WATCH_STABLE_MS is checked, in ms. */
const STABLE_POLL_MS = 100;

export interface RuleWatch {
  close(): Promise<void>;
}

/**
 * Calls `onChange` once the rule files (and the catalog, when it is outside
 * them) change and settle: each changed file stable for WATCH_STABLE_MS
 * (chokidar's `awaitWriteFinish`), then no change for `settleMs`. chokidar
 * rather than fs.watch: recursive watching of a directory tree, renames by
 * editors and files replaced by atomic moves are handled the same way on
 * every platform. Changes that do not change the rule set (an editor's swap
 * file) cost one read and reload nothing, since the reload compares revisions.
 */
export function watchRules(
  paths: readonly string[],
  onChange: () => void,
  logger: Logger,
  settleMs = WATCH_SETTLE_MS,
): Promise<RuleWatch> {
  const watcher = watch([...paths], {
    ignoreInitial: true,
    awaitWriteFinish: { stabilityThreshold: WATCH_STABLE_MS, pollInterval: STABLE_POLL_MS },
  });
  let timer: NodeJS.Timeout | undefined;
  watcher.on('all', () => {
    clearTimeout(timer);
    timer = setTimeout(onChange, settleMs);
  });
  watcher.on('error', (error) =>
    logger.warn('watching the rule files failed; SIGHUP and POST /admin/reload still reload', {
      error: String((error as Error)?.message ?? error),
    }),
  );
  const close = async (): Promise<void> => {
    clearTimeout(timer);
    await watcher.close();
  };
  return new Promise((resolve) => watcher.once('ready', () => resolve({ close })));
}
