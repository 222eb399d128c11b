import { watch } from 'chokidar';
import type { Logger } from '../observability/logger';

/**
 * How long the files must stay quiet before a reload, in ms: editors save in
 * several steps (a temporary file, a rename), and a checkout changes many
 * files; one reload reads them all once they settle.
 */
export const WATCH_SETTLE_MS = 250;

export interface RuleWatch {
  close(): Promise<void>;
}

/**
 * Calls `onChange` once the rule files (and the catalog, when it is outside
 * them) change and settle. chokidar rather than fs.watch: recursive watching
 * of a directory tree, renames by editors and files replaced by atomic moves
 * are handled the same way on every platform. Changes that do not change the
 * rule set (an editor's swap file) cost one read and reload nothing, since the
 * reload compares revisions.
 */
export function watchRules(
  paths: readonly string[],
  onChange: () => void,
  logger: Logger,
  settleMs = WATCH_SETTLE_MS,
): Promise<RuleWatch> {
  const watcher = watch([...paths], { ignoreInitial: true });
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
