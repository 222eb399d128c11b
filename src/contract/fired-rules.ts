/**
 * The HTTP response header where `rulehook serve` lists the rules that fired:
 * `ruleset/rule` ids, comma-separated, in firing order; absent when none fired.
 */
export const FIRED_RULES_HEADER = 'rulehook-fired';

/** The same list as gRPC trailing metadata, under the same name. */
export const FIRED_RULES_TRAILER = FIRED_RULES_HEADER;

/** The value of the header or trailer for rules that fired (at least one). */
export function formatFiredRules(fired: readonly string[]): string {
  return fired.join(',');
}

/** The rule ids of a header or trailer value; blanks around ids and empty ids are dropped. */
export function parseFiredRules(value: string): string[] {
  return value
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
}
