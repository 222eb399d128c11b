import { watch, type FSWatcher } from 'node:fs';
import path from 'node:path';

export interface WatchTarget {
  path: string;
  directory: boolean;
}

export interface WatchOptions {
  /** Directories (watched recursively) and files to watch; recomputed after every run. */
  watched(): readonly WatchTarget[];
  /** Runs once; called again after each change. Returns the exit code of that run. */
  run(): Promise<number>;
  /** Says what changed, before running again. */
  onChange(file: string): void;
  /** Stops watching; the last run's exit code is then returned. */
  signal: AbortSignal | undefined;
  /** Changes closer together than this are one change. */
  debounceMs?: number;
}

const WATCHED_FILE = /\.ya?ml$/;

/**
 * `rulehook test --watch`: runs, then runs again whenever a YAML file under the
 * watched paths changes (fs.watch, recursive), one run at a time. Resolves with
 * the last exit code once `signal` aborts.
 */
export async function watchTests(options: WatchOptions): Promise<number> {
  let code = await options.run();
  if (options.signal?.aborted === true) return code;
  let watchers: FSWatcher[] = [];
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const close = () => {
    for (const w of watchers) w.close();
    watchers = [];
  };
  const rerun = (file: string) => {
    running = running.then(async () => {
      if (options.signal?.aborted === true) return;
      options.onChange(file);
      code = await options.run();
      rewatch();
    });
  };
  const onEvent = (target: WatchTarget) => (_event: string, name: string | Buffer | null) => {
    const file = !target.directory || name === null ? target.path : path.join(target.path, name.toString());
    if (!WATCHED_FILE.test(file)) return;
    clearTimeout(timer);
    timer = setTimeout(() => rerun(file), options.debounceMs ?? 100);
  };
  const rewatch = () => {
    close();
    for (const target of collapse(options.watched())) {
      try {
        watchers.push(watch(target.path, { recursive: target.directory }, onEvent(target)));
      } catch {
        // a path that vanished: watched again after the next run, if it is back
      }
    }
  };
  rewatch();
  await new Promise<void>((resolve) => {
    if (options.signal === undefined) return;
    if (options.signal.aborted) resolve();
    else options.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  clearTimeout(timer);
  close();
  await running;
  return code;
}

/** Drops duplicates and whatever lies inside a watched directory (its recursive watch covers it). */
function collapse(targets: readonly WatchTarget[]): WatchTarget[] {
  const directories = targets.filter((t) => t.directory).map((t) => path.resolve(t.path));
  const inside = (p: string) => directories.some((d) => p !== d && p.startsWith(`${d}${path.sep}`));
  const seen = new Set<string>();
  return targets
    .map((t) => ({ ...t, path: path.resolve(t.path) }))
    .filter((t) => !inside(t.path) && !seen.has(t.path) && seen.add(t.path));
}
