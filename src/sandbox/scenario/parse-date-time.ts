import { fullFormats } from 'ajv-formats/dist/formats';

const DATE_TIME = fullFormats['date-time'] as { validate: (text: string) => boolean };

/**
 * An RFC 3339 date-time as ms since the epoch; undefined when the text is not one. Checked with
 * ajv-formats' `date-time` first, since `Date.parse` accepts other forms and rolls impossible dates
 * over (February 30 to March 2). A leap second (`:60`) is refused: JavaScript dates cannot hold it.
 */
export function parseDateTime(text: string): number | undefined {
  if (!DATE_TIME.validate(text)) return undefined;
  const millis = Date.parse(text.toUpperCase());
  return Number.isNaN(millis) ? undefined : millis;
}

/** The canonical form every host answers: UTC, milliseconds (`2026-01-15T07:30:00.000Z`). */
export const normalizeDateTime = (text: string): string => {
  const millis = parseDateTime(text);
  return millis === undefined ? text : new Date(millis).toISOString();
};
