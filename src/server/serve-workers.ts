import { createJsonLogger, type LogLevel } from '../observability/logger';
import type { CliIO } from '../terminal/command-io';
import { Metrics } from '../observability/metrics';
import { loadServingRules } from './load-serving-rules';
import type { ReloadReport, ReloadTrigger } from './rule-reloader';
import { prepareServeReloads } from './serve-reloads';
import { superviseWorkers } from './supervise-workers';
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
  // The same reloads as a process of its own, each rule set put in service by sending it to every worker.
  const reloads = prepareServeReloads({
    rules: settings.rules,
    catalog: settings.catalog,
    cwd: io.cwd,
    worker: false,
    watch: settings.watch,
    revision: rules.revision,
    install: (reloaded) => {
      current = createRulesMessage(reloaded.snapshot, reloaded.revision);
      sendRulesToWorkers(current);
    },
    metrics: own,
    logger,
    reloads: control.reloads,
    reloadOthers: () => Promise.resolve(sendReloadOthersToWorkers()),
    ...(control.onReload === undefined ? {} : { onReload: control.onReload }),
  });
  const stopReloads = await reloads.start();
  try {
    return await superviseWorkers({
      args,
      env: settings.workerEnv,
      workers: settings.workers,
      rules: () => current,
      reload: (trigger) => reloads.reloadNow(trigger),
      summary: rules.summary,
      io,
      logger,
      metrics: own,
      signal: control.signal,
    });
  } finally {
    await stopReloads();
  }
}
