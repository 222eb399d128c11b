/**
 * What ruleset names and rule ids may hold. Ids travel as `ruleset/rule`,
 * comma-separated, in the `rulehook-fired` HTTP header and gRPC trailer, and in
 * logs and metrics: letters, digits and `.`, `_`, `:`, `-` need no quoting in
 * any of them, while a space, a comma, a `/` or a non-ASCII character would
 * break or corrupt the header. An id starts with a letter or digit.
 */
export const ID_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._:-]*$';

const ALLOWED = /^[A-Za-z0-9._:-]$/u;
const ALPHANUMERIC = /^[A-Za-z0-9]$/;
/** Characters quoted in a message, at most; the rest are counted. */
const MAX_LISTED = 8;

export type IdKind = 'rule id' | 'ruleset name';

/** Why `id` (which fails ID_PATTERN and is not empty) is refused, for a diagnostic. */
export function describeInvalidId(kind: IdKind, id: string): string {
  const chars = [...id];
  const refused = [...new Set(chars.filter((c) => !ALLOWED.test(c)))];
  const problems: string[] = [];
  const first = chars[0] ?? '';
  if (ALLOWED.test(first) && !ALPHANUMERIC.test(first)) problems.push(`starts with '${first}'`);
  if (refused.length > 0) problems.push(`holds ${listChars(refused)}`);
  const noun = kind === 'rule id' ? 'an id' : 'a name';
  return `the ${kind} '${id}' ${problems.join(' and ')}; ${noun} may hold only letters, digits, '.', '_', ':' and '-', starting with a letter or digit (ids are sent, comma-separated, in the rulehook-fired header)`;
}

/** `' ', '✓' and ','`; invisible characters as `U+0009`. */
function listChars(chars: readonly string[]): string {
  const shown = chars.slice(0, MAX_LISTED).map(showChar);
  if (chars.length > MAX_LISTED) return `${shown.join(', ')} and ${chars.length - MAX_LISTED} more`;
  if (shown.length === 1) return shown[0]!;
  return `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}

function showChar(c: string): string {
  if (/^[\p{L}\p{N}\p{P}\p{S} ]$/u.test(c)) return `'${c}'`;
  return `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}
