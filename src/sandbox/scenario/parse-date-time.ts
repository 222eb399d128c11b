/** RFC 3339 `date-time`: full date, `T`, full time with optional fraction, `Z` or a numeric offset. */
const DATE_TIME = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(\.\d+)?(Z|[+-](\d\d):(\d\d))$/;

/**
 * An RFC 3339 date-time as ms since the epoch; undefined when the text is not one. Stricter than
 * `Date.parse`, which accepts other forms and rolls impossible dates over (February 30 to March 2): the
 * calendar and clock fields are checked first. A leap second (`:60`) is not accepted, as JavaScript dates
 * cannot hold it.
 */
export function parseDateTime(text: string): number | undefined {
  const match = DATE_TIME.exec(text.toUpperCase());
  if (match === null) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as number[];
  const daysInMonth = new Date(Date.UTC(year!, month!, 0)).getUTCDate();
  const offsetOk = match[9] === undefined || (Number(match[9]) <= 23 && Number(match[10]) <= 59);
  if (month! < 1 || month! > 12 || day! < 1 || day! > daysInMonth) return undefined;
  if (hour! > 23 || minute! > 59 || second! > 59 || !offsetOk) return undefined;
  const millis = Date.parse(match[0]);
  return Number.isNaN(millis) ? undefined : millis;
}

/** The canonical form every host answers: UTC, milliseconds (`2026-01-15T07:30:00.000Z`). */
export const normalizeDateTime = (text: string): string => {
  const millis = parseDateTime(text);
  return millis === undefined ? text : new Date(millis).toISOString();
};
