import { createJsonLogger, type LogLevel } from '../observability/logger';
import type { CliIO } from '../terminal/command-io';
import { loadServingRules } from './load-serving-rules';
import { superviseWorkers } from './supervise-workers';
import { createRulesMessage } from './worker-messages';

export interface ServeWorkersSettings {
  rules: string;
  catalog: string | undefined;
  workers: number;
  logLevel: LogLevel;
  /** Settings the primary read from its configuration file, as environment variables of every worker. */
  workerEnv: Record<string, string>;
}

/**
 * `serve --workers N` (N > 1), in the primary. It loads and validates the rule
 * set once, exactly as `serve` does in one process (diagnostics printed; any
 * error refuses to start), then hands that same rule set to every worker it
 * forks, replacements included. Workers never read rule files: rules edited
 * or broken on disk while serving change nothing until the next start, and
 * every worker answers with the same rules.
 */
export async function runServeWorkers(
  args: string[],
  settings: ServeWorkersSettings,
  io: CliIO,
  signal: AbortSignal | undefined,
): Promise<number> {
  const rules = await loadServingRules(
    settings.rules,
    io,
    settings.catalog === undefined ? {} : { catalog: settings.catalog },
  );
  if (!rules.ok) return 1;
  // Stopped while the rules loaded: no worker to start or stop.
  if (signal?.aborted) return 0;
  return superviseWorkers({
    args,
    env: settings.workerEnv,
    workers: settings.workers,
    rules: createRulesMessage(rules.snapshot, rules.revision),
    summary: rules.summary,
    io,
    logger: createJsonLogger(io.stderr, settings.logLevel),
    signal,
  });
}
