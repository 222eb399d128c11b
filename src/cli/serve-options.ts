import type { CliIO } from '../terminal/command-io';
import { parseCommandArgs, parsePort, parsePositiveInt } from './parse-options';
import { DEFAULT_RULES_DIR } from './package-info';
import path from 'node:path';
import type { LogLevel } from '../observability/logger';
import { DEFAULT_SESSION_KEY } from '../processor/rule-processor';
import {
  checkStateSetting,
  DEFAULT_MAX_SESSIONS,
  DEFAULT_STORE_TIMEOUT_MS,
  type StoreSettings,
} from '../session';

export interface ServeOptions {
  rules: string;
  catalog: string | undefined;
  host: string;
  httpPort: number | undefined;
  grpcPort: number | undefined;
  maxMessageBytes: number;
  shutdownTimeoutMs: number;
  logLevel: LogLevel;
  store: StoreSettings;
  sessionKey: string;
  workers: number;
  /** `--record FILE` and its settings; undefined when not recording. */
  record: RecordSettings | undefined;
}

export interface RecordSettings {
  /** Absolute path of the recording. */
  file: string;
  /** Globs of variable names whose values are replaced by a keyed hash. */
  redact: string[];
  /** The hash key; undefined: a random key for this process. */
  redactKey: string | undefined;
  /** Rotate the recording beyond this size; undefined: never. */
  maxBytes: number | undefined;
}

/** Where `--redact-key` is read from when the flag is not given (the environment does not show in `ps`). */
export const REDACT_KEY_ENV = 'RULEHOOK_REDACT_KEY';

export const SERVE_USAGE = `Usage: rulehook serve [options]

Serve the webhook over HTTP (POST /v1/events) and gRPC (vendor.biosec.v1.CustomBusinessLogic/OnEvent).

Options:
  --rules PATH               rule file or directory (default: the shipped rules/)
  --catalog FILE             catalog to check names against (default: catalog.yaml of the rules directory)
  --host HOST                address to bind (default: 127.0.0.1)
  --http-port PORT           HTTP port, 0 for any free port (default: 8080)
  --grpc-port PORT           gRPC port, 0 for any free port (default: 50051)
  --no-http                  do not serve HTTP
  --no-grpc                  do not serve gRPC
  --max-message-bytes N      largest accepted event, both hosts (default: 1048576)
  --shutdown-timeout MS      on SIGTERM/SIGINT, how long in-flight requests may take (default: 10000)
  --log-level LEVEL          debug, info, warn or error (default: info)
  --state STORE              session state: memory, or redis://host:port/db (default: memory)
  --session-key KEY          variable that identifies a session (default: state.sessionId)
  --session-ttl SECONDS      forget a session idle this long (default: 3600)
  --max-sessions N           memory store: most sessions kept, least recently used evicted (default: 100000)
  --state-timeout MS         redis store: longest wait per event before serving it statelessly (default: 50)
  --workers N                processes serving one port (node:cluster); more than 1 needs --state redis://
  --record FILE              append every event received to FILE, a recording for rulehook replay
  --redact GLOB              with --record: replace the values of matching variables by a keyed hash
                             (repeatable: --redact call.ani --redact 'person.*')
  --redact-key KEY           key of that hash (default: $RULEHOOK_REDACT_KEY, else random for this process)
  --record-max-bytes N       rotate the recording beyond N bytes: FILE.1, FILE.2, ... (default: never)
  -h, --help                 show this help
`;

const LOG_LEVELS: readonly string[] = ['debug', 'info', 'warn', 'error'];

/** Returns the options, or a usage error message. `help` is returned as such. */
export function parseServeOptions(args: string[], io: CliIO): ServeOptions | 'help' | string {
  const parsed = parseCommandArgs(
    args,
    {
      rules: { type: 'string' },
      catalog: { type: 'string' },
      host: { type: 'string', default: '127.0.0.1' },
      'http-port': { type: 'string', default: '8080' },
      'grpc-port': { type: 'string', default: '50051' },
      'no-http': { type: 'boolean', default: false },
      'no-grpc': { type: 'boolean', default: false },
      'max-message-bytes': { type: 'string', default: '1048576' },
      'shutdown-timeout': { type: 'string', default: '10000' },
      'log-level': { type: 'string', default: 'info' },
      state: { type: 'string', default: 'memory' },
      'session-key': { type: 'string', default: DEFAULT_SESSION_KEY },
      'session-ttl': { type: 'string', default: '3600' },
      'max-sessions': { type: 'string', default: String(DEFAULT_MAX_SESSIONS) },
      'state-timeout': { type: 'string', default: String(DEFAULT_STORE_TIMEOUT_MS) },
      workers: { type: 'string', default: '1' },
      record: { type: 'string' },
      redact: { type: 'string', multiple: true },
      'redact-key': { type: 'string' },
      'record-max-bytes': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    false,
  );
  if (!parsed.ok) return parsed.message;
  const v = parsed.values as Record<string, string | boolean>;
  const record = parseRecordSettings(parsed.values, io);
  if (typeof record === 'string') return record;
  if (record !== undefined && Number(v.workers) > 1)
    return '--record writes one file from one process: not with --workers above 1';
  if (v.help === true) return 'help';
  const httpPort = parsePort(v['http-port'] as string, '--http-port');
  const grpcPort = parsePort(v['grpc-port'] as string, '--grpc-port');
  const maxMessageBytes = parsePositiveInt(v['max-message-bytes'] as string, '--max-message-bytes');
  const shutdownTimeoutMs = parsePositiveInt(v['shutdown-timeout'] as string, '--shutdown-timeout');
  const ttlSeconds = parsePositiveInt(v['session-ttl'] as string, '--session-ttl');
  const maxSessions = parsePositiveInt(v['max-sessions'] as string, '--max-sessions');
  const timeoutMs = parsePositiveInt(v['state-timeout'] as string, '--state-timeout');
  const workers = parsePositiveInt(v.workers as string, '--workers');
  for (const r of [
    httpPort,
    grpcPort,
    maxMessageBytes,
    shutdownTimeoutMs,
    ttlSeconds,
    maxSessions,
    timeoutMs,
    workers,
  ]) {
    if (typeof r === 'string') return r;
  }
  const state = v.state as string;
  const stateError = checkStateSetting(state);
  if (stateError !== undefined) return stateError;
  if ((workers as number) > 1 && state === 'memory') {
    return `--workers ${workers} needs a shared session store: an in-memory store cannot be shared between processes; add --state redis://host:port/db`;
  }
  const logLevel = v['log-level'] as string;
  if (!LOG_LEVELS.includes(logLevel))
    return `--log-level expects one of ${LOG_LEVELS.join(', ')}, got ${JSON.stringify(logLevel)}`;
  if (v['no-http'] === true && v['no-grpc'] === true)
    return '--no-http and --no-grpc together leave nothing to serve';
  return {
    rules: typeof v.rules === 'string' ? path.resolve(io.cwd, v.rules) : DEFAULT_RULES_DIR,
    catalog: typeof v.catalog === 'string' ? path.resolve(io.cwd, v.catalog) : undefined,
    host: v.host as string,
    httpPort: v['no-http'] === true ? undefined : (httpPort as number),
    grpcPort: v['no-grpc'] === true ? undefined : (grpcPort as number),
    maxMessageBytes: maxMessageBytes as number,
    shutdownTimeoutMs: shutdownTimeoutMs as number,
    logLevel: logLevel as LogLevel,
    store: {
      state,
      ttlMs: (ttlSeconds as number) * 1000,
      maxSessions: maxSessions as number,
      timeoutMs: timeoutMs as number,
    },
    sessionKey: v['session-key'] as string,
    workers: workers as number,
    record,
  };
}

function parseRecordSettings(
  values: Record<string, string | boolean | (string | boolean)[] | undefined>,
  io: CliIO,
): RecordSettings | undefined | string {
  const file = values.record;
  const redact = (values.redact ?? []) as string[];
  const flagKey = values['redact-key'] as string | undefined;
  const maxBytesText = values['record-max-bytes'] as string | undefined;
  if (typeof file !== 'string') {
    const without = [
      redact.length > 0 && '--redact',
      flagKey !== undefined && '--redact-key',
      maxBytesText !== undefined && '--record-max-bytes',
    ].find((flag) => flag !== false);
    return without === undefined ? undefined : `${without} needs --record FILE`;
  }
  const maxBytes =
    maxBytesText === undefined ? undefined : parsePositiveInt(maxBytesText, '--record-max-bytes');
  if (typeof maxBytes === 'string') return maxBytes;
  if (flagKey !== undefined && redact.length === 0) return '--redact-key needs --redact GLOB';
  const envKey = io.env[REDACT_KEY_ENV];
  const redactKey = flagKey ?? (envKey === undefined || envKey === '' ? undefined : envKey);
  if (redactKey === '') return '--redact-key must not be empty';
  return { file: path.resolve(io.cwd, file), redact, redactKey, maxBytes };
}
