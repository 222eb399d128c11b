/*
 * Parsers of flag values, in the convention of ValueParser: the value, or a message for the user naming
 * the flag.
 */

/** Parses a TCP port flag: an integer from 0 (any free port) to 65535. */
export function parsePort(value: string, flag: string): number | string {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535)
    return `${flag} expects a port number from 0 to 65535, got ${JSON.stringify(value)}`;
  return port;
}

/** Parses a positive integer flag (sizes, counts, durations in ms). */
export function parsePositiveInt(value: string, flag: string): number | string {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || !Number.isSafeInteger(n)) {
    return `${flag} expects a positive whole number, got ${JSON.stringify(value)}`;
  }
  return n;
}

/** Parses a percentage flag: a whole number from 1 to 100. */
export function parsePercent(value: string, flag: string): number | string {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > 100)
    return `${flag} expects a whole percentage from 1 to 100, got ${JSON.stringify(value)}`;
  return n;
}

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** `500ms`, `30s`, `5m`, `1h`, or a number of seconds (`90`, `1.5`); a message for the user when invalid. */
export function parseDuration(text: string, flag: string): number | string {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim());
  const ms = match === null ? NaN : Number(match[1]) * (UNITS[match[2] ?? 's'] as number);
  if (!Number.isFinite(ms) || ms <= 0)
    return `${flag} expects a duration such as 30s, 5m, 1h or 500ms, got ${JSON.stringify(text)}`;
  return ms;
}

/** A positive number, decimals allowed (`--rate 0.5`). */
export function parsePositiveNumber(text: string, flag: string): number | string {
  const n = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || !(n > 0) || !Number.isFinite(n))
    return `${flag} expects a positive number, got ${JSON.stringify(text)}`;
  return n;
}
