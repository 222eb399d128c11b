import type { TextSink } from '../terminal/command-io';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

const LEVEL_ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

/**
 * Structured logs: one JSON object per line (`time`, `level`, `msg`, fields), so
 * that log shippers need no parsing rules. Lines below `level` are dropped.
 */
export function createJsonLogger(
  sink: TextSink,
  level: LogLevel = 'info',
  now: () => Date = () => new Date(),
): Logger {
  const min = LEVEL_ORDER[level];
  const emit = (lvl: LogLevel, msg: string, fields?: LogFields): void => {
    if (LEVEL_ORDER[lvl] < min) return;
    sink.write(JSON.stringify({ time: now().toISOString(), level: lvl, msg, ...fields }) + '\n');
  };
  return {
    debug: (m, f) => emit('debug', m, f),
    info: (m, f) => emit('info', m, f),
    warn: (m, f) => emit('warn', m, f),
    error: (m, f) => emit('error', m, f),
  };
}

/** A logger that drops everything: the default for library use and tests. */
export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
