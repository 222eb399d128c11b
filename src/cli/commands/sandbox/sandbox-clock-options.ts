import { parseDateTime } from '../../../sandbox/scenario/parse-date-time';
import { defineString, type HelpText } from '../../options/define-options';

/** `--start-time`: an RFC 3339 date-time with its offset, as the scenario's timestamps are; ms since the epoch. */
export function parseStartTime(text: string, flag: string): number | string {
  const ms = parseDateTime(text);
  if (ms === undefined)
    return `${flag} expects an RFC 3339 date-time with its offset, such as 2026-05-01T09:00:00Z, got ${JSON.stringify(text)}`;
  return ms;
}

/** The simulated clock's start, for `rulehook sandbox` and `sandbox run`. */
export function defineStartTimeOption(help: HelpText) {
  return {
    'start-time': defineString({ value: 'TIME', parse: parseStartTime, helpDefault: 'now', help }),
  };
}
