import pino from 'pino';
import type { TextSink } from '../terminal/command-io';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  /**
   * Whether lines of `level` are written: the hot path asks before building a line's fields, so that a
   * line the level drops costs nothing. Absent: assume they are.
   */
  isLevelEnabled?(level: LogLevel): boolean;
  /** A logger adding `bindings` to every line. Absent: the caller adds the fields itself. */
  child?(bindings: LogFields): Logger;
}

/**
 * Structured logs through pino: one JSON object per line (`level` as its name,
 * `time` in ISO 8601, `msg`, then the fields), so that log shippers need no
 * parsing rules. Lines below `level` are dropped by pino before any work.
 * `time` is overridable for tests (milliseconds since the epoch).
 */
export function createJsonLogger(
  sink: TextSink,
  level: LogLevel = 'info',
  now: () => number = Date.now,
): Logger {
  const base = pino(
    {
      level,
      base: undefined,
      formatters: { level: (label) => ({ level: label }) },
      timestamp: () => `,"time":"${new Date(now()).toISOString()}"`,
    },
    { write: (line: string) => void sink.write(line) },
  );
  return wrapPino(base);
}

function wrapPino(log: pino.Logger): Logger {
  return {
    debug: (message, fields) => (fields === undefined ? log.debug(message) : log.debug(fields, message)),
    info: (message, fields) => (fields === undefined ? log.info(message) : log.info(fields, message)),
    warn: (message, fields) => (fields === undefined ? log.warn(message) : log.warn(fields, message)),
    error: (message, fields) => (fields === undefined ? log.error(message) : log.error(fields, message)),
    isLevelEnabled: (level) => log.isLevelEnabled(level),
    child: (bindings) => wrapPino(log.child(bindings)),
  };
}

/** A logger that drops everything: the default for library use and tests. */
export const silentLogger: Logger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
  isLevelEnabled: () => false,
  child: () => silentLogger,
};
