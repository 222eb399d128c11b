import { createJsonLogger, type LogLevel } from '../observability/logger';
import type { CliIO } from '../terminal/command-io';
import { Metrics } from '../observability/metrics';
import { loadServingRules } from './load-serving-rules';
import { countReloads } from './reload-metrics';
import { RuleReloader, type ReloadReport, type ReloadTrigger } from './rule-reloader';
import { superviseWorkers } from './supervise-workers';
import { watchRules, type RuleWatch } from './watch-rules';
import { createRulesMessage, type RulesMessage } from './worker-messages';
import { sendReloadOthersToWorkers, sendRulesToWorkers } from './worker-reload';

export interface ServeWorkersSettings {
  rules: string;
  catalog: string | undefined;
  workers: number;
  logLevel: LogLevel;
  /** Reload when the rule files change (`--no-watch` turns it off). */
  watch: boolean;
  /** Settings the primary read from its configuration file, as environment variables of every worker. */
  workerEnv: Record<string, string>;
}

export interface ServeWorkersControl {
  signal?: AbortSignal | undefined;
  /** Dispatches `reload` events (the CLI: on SIGHUP). */
  reloads?: EventTarget | undefined;
  /** Called with each reload's report (tests, metrics). */
  onReload?(report: ReloadReport, trigger: ReloadTrigger): void;
}

/**
 * `serve --workers N` (N > 1), in the primary. It loads and validates the rule
 * set once, exactly as `serve` does in one process (diagnostics printed; any
 * error refuses to start), then hands that same rule set to every worker it
 * forks, replacements included. Workers never read rule files: the primary
 * alone reloads (on a change of the files, SIGHUP, or a worker's
 * `POST /admin/reload`) and sends each validated rule set to every worker, so
 * all of them answer with the same rules.
 */
export async function runServeWorkers(
  args: string[],
  settings: ServeWorkersSettings,
  io: CliIO,
  control: ServeWorkersControl = {},
): Promise<number> {
  const rules = await loadServingRules(
    settings.rules,
    io,
    settings.catalog === undefined ? {} : { catalog: settings.catalog },
  );
  if (!rules.ok) return 1;
  // Stopped while the rules loaded: no worker to start or stop.
  if (control.signal?.aborted) return 0;
  const logger = createJsonLogger(io.stderr, settings.logLevel);
  let current: RulesMessage = createRulesMessage(rules.snapshot, rules.revision);
  const own = new Metrics();
  const countReload = countReloads(own);
  const reloader = new RuleReloader({
    rulesPath: settings.rules,
    catalog: settings.catalog,
    cwd: io.cwd,
    revision: rules.revision,
    logger,
    apply: (reloaded) => {
      current = createRulesMessage(reloaded.snapshot, reloaded.revision);
      sendRulesToWorkers(current);
    },
    reloadOthers: () => Promise.resolve(sendReloadOthersToWorkers()),
    onReport: (report, trigger) => {
      countReload(report, trigger);
      control.onReload?.(report, trigger);
    },
  });
  const onSignal = (): void => reloader.reloadInBackground('signal');
  control.reloads?.addEventListener('reload', onSignal);
  let watch: RuleWatch | undefined;
  if (settings.watch) {
    watch = await watchRules(watchedPaths(settings), () => reloader.reloadInBackground('watch'), logger);
  }
  try {
    return await superviseWorkers({
      args,
      env: settings.workerEnv,
      workers: settings.workers,
      rules: () => current,
      reload: (trigger) => reloader.reload(trigger),
      summary: rules.summary,
      io,
      logger,
      metrics: own,
      signal: control.signal,
    });
  } finally {
    control.reloads?.removeEventListener('reload', onSignal);
    await watch?.close();
  }
}

/** The rule path, and the catalog when one is named (it may live outside the rules). */
export function watchedPaths(settings: { rules: string; catalog: string | undefined }): string[] {
  return settings.catalog === undefined ? [settings.rules] : [settings.rules, settings.catalog];
}
