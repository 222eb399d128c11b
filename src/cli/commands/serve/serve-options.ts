import path from 'node:path';
import type { LogLevel } from '../../../observability/logger';
import type { FailPolicy } from '../../../hosts/fail-policy';
import type { StoreSettings } from '../../../session/create-store';
import type { CliIO } from '../../../terminal/command-io';
import type { Diagnostic } from '../../../diagnostics/diagnostic';
import { applySettings, explainOrigins } from '../../config/apply-settings';
import type { Origin } from '../../config/layer-settings';
import { CONFIG_OPTIONS } from './options/config-options';
import {
  defineChoice,
  defineFlag,
  defineString,
  listChoices,
  type OptionValues,
} from '../../options/define-options';
import { formatUsage } from '../../options/format-help';
import { HELP_OPTION, parseCommandLine, refuse, type ParseResult } from '../../options/parse-command-line';
import { parsePositiveInt } from '../../options/parse-values';
import { defineListenOptions } from '../../option-groups/listen-options';
import { checkLimitSettings, LIMIT_OPTIONS, type ServeLimits } from './options/limit-options';
import { checkLogSettings, LOG_OPTIONS, type LogSettings } from './options/log-options';
import { DEFAULT_RULES_DIR } from '../../package-info';
import { checkRecordSettings, RECORD_OPTIONS, type RecordSettings } from './options/record-options';
import { EVALUATION_OPTIONS } from './options/evaluation-options';
import { ENGINE_OWN_UPDATES_OPTION } from '../../option-groups/engine-options';
import type { EngineModel } from '../../../filter/engine-model';
import { DRAIN_OPTIONS } from './options/drain-options';
import { checkStoreSettings, SESSION_OPTIONS } from './options/session-options';
import { CONSOLE_OPTIONS } from './options/console-options';
import { checkSecuritySettings, SECURITY_OPTIONS, type SecuritySettings } from './options/security-options';

export interface ServeOptions {
  rules: string;
  catalog: string | undefined;
  /** Reload the rules when their files change. */
  watch: boolean;
  host: string;
  httpPort: number | undefined;
  grpcPort: number | undefined;
  maxMessageBytes: number;
  /** Bounds on events, connections and load. */
  limits: ServeLimits;
  shutdownTimeoutMs: number;
  /** On SIGTERM, how long events are still answered while not ready, in seconds. */
  drainSeconds: number;
  logLevel: LogLevel;
  store: StoreSettings;
  /** Key of the fingerprints of watched variables; undefined: unkeyed. */
  stateSecret: string | undefined;
  /** Whether the engine counts the webhook's own updates as changes (`changed`). */
  ownUpdates: NonNullable<EngineModel['ownUpdates']>;
  evaluationBudgetMs: number;
  failPolicy: FailPolicy;
  sessionKey: string;
  workers: number;
  /** `--record FILE` and its settings; undefined when not recording. */
  record: RecordSettings | undefined;
  /** The settings read from `--config`, as environment variables for the workers of `--workers`. */
  workerEnv: Record<string, string>;
  /** Tokens, TLS, and whether fired rules are exposed. */
  security: SecuritySettings;
  /** Masks and the decision log. */
  logs: LogSettings;
  /** `--console`: the web console, read-only, on the HTTP host. */
  console: boolean;
}

/** A command line naming a configuration file with errors: what to report, as `validate` does. */
export type ServeParseResult =
  ParseResult<ServeOptions> | { ok: false; diagnostics: Diagnostic[]; sources: Map<string, string> };

const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const satisfies readonly LogLevel[];

export const SERVE_OPTIONS = {
  ...CONFIG_OPTIONS,
  rules: defineString({
    value: 'PATH',
    default: DEFAULT_RULES_DIR,
    helpDefault: 'the shipped rules/',
    help: 'rule file or directory',
  }),
  catalog: defineString({
    value: 'FILE',
    helpDefault: 'catalog.yaml of the rules directory',
    help: 'catalog to check names against',
  }),
  'no-watch': defineFlag({
    help: 'reload the rules on SIGHUP and POST /admin/reload only, not when files change',
  }),
  ...defineListenOptions({ http: 8080, grpc: 50051 }),
  ...LIMIT_OPTIONS,
  'shutdown-timeout': defineString({
    value: 'MS',
    parse: parsePositiveInt,
    default: 10_000,
    help: 'on SIGTERM/SIGINT, how long in-flight requests may take',
  }),
  ...DRAIN_OPTIONS,
  'log-level': defineChoice({
    value: 'LEVEL',
    choices: LOG_LEVELS,
    default: 'info',
    expected: `one of ${LOG_LEVELS.join(', ')}`,
    help: listChoices(LOG_LEVELS),
  }),
  ...SESSION_OPTIONS,
  ...EVALUATION_OPTIONS,
  ...ENGINE_OWN_UPDATES_OPTION,
  workers: defineString({
    value: 'N',
    parse: parsePositiveInt,
    default: 1,
    helpDefault: false,
    help: 'processes serving one port (node:cluster); more than 1 needs --state none or redis://',
  }),
  ...RECORD_OPTIONS,
  ...SECURITY_OPTIONS,
  ...LOG_OPTIONS,
  ...CONSOLE_OPTIONS,
  help: HELP_OPTION,
};

export const SERVE_USAGE = formatUsage(
  `Usage: rulehook serve [options]

Serve the webhook over HTTP (POST /v1/events) and gRPC (vendor.biosec.v1.CustomBusinessLogic/OnEvent).
`,
  SERVE_OPTIONS,
  { column: 29 },
);

/**
 * `serve`'s options from its command line, environment and configuration file. `worker`: this process is a
 * worker of `serve --workers`, whose settings come from its primary (the environment it was forked with),
 * never from reading the configuration file again.
 */
export function parseServeOptions(
  args: readonly string[],
  io: CliIO,
  { worker }: { worker: boolean } = { worker: false },
): ServeParseResult {
  const parsed = parseCommandLine(args, SERVE_OPTIONS, { positionals: false });
  if (!parsed.ok) return parsed;
  const applied = applySettings(parsed.options, SERVE_OPTIONS, io, { readFile: !worker });
  if (!applied.ok) return applied;
  const resolved = resolveServeSettings(applied.settings.values, io, applied.settings.origins);
  if (!resolved.ok) return refuse(explainOrigins(resolved.message, applied, SERVE_OPTIONS));
  return { ok: true, options: { ...resolved.options, workerEnv: applied.workerEnv } };
}

/**
 * The options `serve` runs with, from its settings however given, or why they do not go together.
 * `origins`: where each came from (a redaction key from the environment is a default, not a request).
 */
export function resolveServeSettings(
  v: OptionValues<typeof SERVE_OPTIONS>,
  io: CliIO,
  origins: ReadonlyMap<string, Origin>,
): { ok: true; options: Omit<ServeOptions, 'workerEnv'> } | { ok: false; message: string } {
  const record = checkRecordSettings(v, io, origins.get('redact-key') === 'environment');
  if (!record.ok) return refuse(record.message);
  if (record.record !== undefined && v.workers > 1)
    return refuse('--record writes one file from one process: not with --workers above 1');
  const logs = checkLogSettings(v, io);
  if (!logs.ok) return refuse(logs.message);
  if (logs.logs.decisionLog !== undefined && v.workers > 1)
    return refuse('--decision-log writes one file from one process: not with --workers above 1');
  const store = checkStoreSettings(v, io);
  if (!store.ok) return refuse(store.message);
  const security = checkSecuritySettings(v, io);
  if (!security.ok) return refuse(security.message);
  const limits = checkLimitSettings(v, !v['no-http']);
  if (!limits.ok) return refuse(limits.message);
  if (v.workers > 1 && v.state === 'memory') {
    return refuse(
      `--workers ${v.workers} cannot use the memory store, which belongs to one process: add --state none when the engine sends the webhook's variables back with every event (the session state travels in them), or --state redis://host:port/db for a store the processes share`,
    );
  }
  if (v['no-http'] && v['no-grpc']) return refuse('--no-http and --no-grpc together leave nothing to serve');
  if (v.console && v['no-http']) return refuse('--console is served on the HTTP port: not with --no-http');
  return {
    ok: true,
    options: {
      rules: path.resolve(io.cwd, v.rules),
      catalog: v.catalog === undefined ? undefined : path.resolve(io.cwd, v.catalog),
      watch: !v['no-watch'],
      host: v.host,
      httpPort: v['no-http'] ? undefined : v['http-port'],
      grpcPort: v['no-grpc'] ? undefined : v['grpc-port'],
      maxMessageBytes: v['max-message-bytes'],
      limits: limits.limits,
      shutdownTimeoutMs: v['shutdown-timeout'],
      drainSeconds: v['drain-seconds'],
      logLevel: v['log-level'],
      store: store.store,
      stateSecret: store.stateSecret,
      evaluationBudgetMs: v['eval-budget'],
      ownUpdates: v['engine-own-updates'],
      failPolicy: v['fail-policy'],
      sessionKey: v['session-key'],
      workers: v.workers,
      record: record.record,
      security: security.security,
      logs: logs.logs,
      console: v.console,
    },
  };
}
