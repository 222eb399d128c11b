/**
 * The HTTP response header where `rulehook serve --expose-fired` lists the rules
 * that fired: `ruleset/rule` ids, comma-separated, in firing order; empty when
 * none fired. Absent when the server does not expose them (its default).
 */
export const FIRED_RULES_HEADER = 'rulehook-fired';

/** The same list as gRPC trailing metadata, under the same name. */
export const FIRED_RULES_TRAILER = FIRED_RULES_HEADER;

/**
 * What an id may hold as it is: visible ASCII (0x21-0x7E, all a header value or
 * gRPC metadata may carry safely) except `%` (the escape) and `,` (the separator).
 */
const NEEDS_ENCODING = /[^\x21-\x24\x26-\x2b\x2d-\x7e]/;

const ENCODED_RUN = /(?:%[0-9A-Fa-f]{2})+/g;

/**
 * The value of the header or trailer for the rules that fired ('' for none). In
 * each id, every character that is not visible ASCII, and `%` and `,`, is
 * written as the percent-encoded bytes of its UTF-8 (`é` is `%C3%A9`, `,` is
 * `%2C`); an id of other characters is written as it is. Hand-written because
 * `encodeURIComponent` would also encode the `/` and `:` of ordinary ids, and
 * throws on a lone surrogate (written here as U+FFFD, as UTF-8 encoders do).
 */
export function formatFiredRules(fired: readonly string[]): string {
  return fired.map(encodeId).join(',');
}

/**
 * The rule ids of a header or trailer value: blanks around ids and empty ids
 * are dropped, percent-encoded bytes decoded. Never throws (unlike
 * `decodeURIComponent`): a `%` not followed by two hex digits is kept as it is,
 * and bytes that are not UTF-8 are read as U+FFFD.
 */
export function parseFiredRules(value: string): string[] {
  return value
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '')
    .map(decodeId);
}

function encodeId(id: string): string {
  if (!NEEDS_ENCODING.test(id)) return id;
  let encoded = '';
  for (const char of id) {
    if (!NEEDS_ENCODING.test(char)) {
      encoded += char;
      continue;
    }
    for (const byte of Buffer.from(char, 'utf8'))
      encoded += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return encoded;
}

function decodeId(id: string): string {
  if (!id.includes('%')) return id;
  return id.replace(ENCODED_RUN, (run) => Buffer.from(run.replace(/%/g, ''), 'hex').toString('utf8'));
}
