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
