import { watch } from 'chokidar';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../observability/logger';

/**
 * How long the files must stay quiet before a reload, in ms: editors save in
 * several steps (a temporary file, a rename), and a checkout changes many
 * files; one reload reads them all once they settle.
 */
export const WATCH_SETTLE_MS = 250;

/**
 * How long ago a changed file must have last been written (its modification time) before a reload reads
 * it, in ms: a program that writes a file in parts, pausing between them, would otherwise have its first
 * part read, and served when it happens to be a valid rule set. Longer pauses than this still show a
 * partial file; writing a file elsewhere and renaming it into place is the one safe way (docs/operations.md).
 */
export const WATCH_STABLE_MS = 1_000;

/**
 * The longest a reload is put off for files that keep being written, in ms: a file written without a
 * pause, or whose modification time is ahead of this clock (a network file system), is read after this.
 */
export const WATCH_MAX_WAIT_MS = 10_000;

export interface RuleWatch {
  close(): Promise<void>;
}

/**
 * Calls `onChange` once the rule files (and the catalog, when it is outside
 * them) change and settle: no change for `settleMs`, and every watched file
 * last written WATCH_STABLE_MS ago or more, whichever change raised the
 * reload (a reload reads every file, so a file being written when another
 * one's change is due must wait too). The age is read from each file's
 * modification time when the reload is due, not from polls of its size
 * (chokidar's `awaitWriteFinish`), which let a half-written file through when
 * a busy process polled it late. chokidar rather than fs.watch: recursive
 * watching of a directory tree, renames by editors and files replaced by
 * atomic moves are handled the same way on every platform. Changes that do
 * not change the rule set (an editor's swap file) cost one read and reload
 * nothing, since the reload compares revisions.
 */
export function watchRules(
  paths: readonly string[],
  onChange: () => void,
  logger: Logger,
  settleMs = WATCH_SETTLE_MS,
): Promise<RuleWatch> {
  const watcher = watch([...paths], { ignoreInitial: true });
  let timer: NodeJS.Timeout | undefined;
  let firstChange: number | undefined;
  const schedule = (ms: number): void => {
    clearTimeout(timer);
    timer = setTimeout(() => void reloadWhenStable(), ms);
  };
  const reloadWhenStable = async (): Promise<void> => {
    const youngest = await findLatestWrite(listWatchedFiles(watcher.getWatched()));
    const now = Date.now();
    const wait = youngest + WATCH_STABLE_MS - now;
    if (wait > 0 && now - (firstChange ?? now) < WATCH_MAX_WAIT_MS) return schedule(wait);
    firstChange = undefined;
    onChange();
  };
  watcher.on('all', (event, file) => {
    logger.debug('rule files changed', { event, file });
    firstChange ??= Date.now();
    schedule(settleMs);
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
  return new Promise((resolve) =>
    watcher.once('ready', () => {
      logger.debug('watching the rule files', { paths: [...paths] });
      // An edit made between the first read of the rules and the watch's start is caught up, once the files
      // are stable as for any change.
      firstChange = Date.now();
      schedule(0);
      resolve({ close });
    }),
  );
}

/** Every path chokidar watches: each directory's entries, joined to it. */
function listWatchedFiles(watched: Record<string, string[]>): string[] {
  return Object.entries(watched).flatMap(([dir, entries]) => entries.map((entry) => path.join(dir, entry)));
}

/** The latest modification time of `files`, in ms since the epoch; a file gone (or unreadable) counts as old. */
async function findLatestWrite(files: readonly string[]): Promise<number> {
  const times = await Promise.all(
    files.map((file) =>
      stat(file).then(
        (stats) => stats.mtimeMs,
        () => 0,
      ),
    ),
  );
  return Math.max(0, ...times);
}

/** The rule path, and the catalog when one is named (it may live outside the rules). */
export function watchedPaths(settings: { rules: string; catalog: string | undefined }): string[] {
  return settings.catalog === undefined ? [settings.rules] : [settings.rules, settings.catalog];
}
