import { isPlainObject } from '../../contract/json-fields';
import type { SessionVariables } from '../../contract/types';

/**
 * Sessions whose last names are kept, at most: far more than the calls in progress in one recording. The
 * oldest remembered goes first (no recency kept: a session forgotten too early costs one listing of keys).
 */
const MAX_LAYOUTS = 10_000;
const PREFIX = '{"session_variables":{';
const SUFFIX = '}}';

/**
 * The names of the last event read of each recent session, to read the next one without listing its
 * keys again: `JSON.parse` builds an object of more than about 128 keys in dictionary mode, where listing
 * them (a `for...in` or `Object.keys`) costs about a fifth of the parse, and most events of a call carry the
 * same names as the one before, in the same order.
 */
export class EventLayouts {
  private readonly layouts = new Map<string, readonly string[]>();

  constructor(private readonly sessionKey: string) {}

  find(variables: Record<string, unknown>): readonly string[] | undefined {
    const session = variables[this.sessionKey];
    return typeof session === 'string' ? this.layouts.get(session) : undefined;
  }

  remember(variables: Record<string, unknown>, names: readonly string[]): void {
    const session = variables[this.sessionKey];
    if (typeof session !== 'string') return;
    const { layouts } = this;
    // Set anew, so that the map's order is the order in which sessions were last seen with new names.
    layouts.delete(session);
    layouts.set(session, names);
    if (layouts.size > MAX_LAYOUTS) layouts.delete(layouts.keys().next().value as string);
  }
}

/**
 * The session variables of a parsed recording line and their names, when the line is the usual
 * `{"session_variables": {...}}` with string values (more fields, as a decision-log line has, are fine);
 * undefined for anything else, which `decodeEventJson` then reads or explains (the other spelling of the
 * field, a missing or null map, a value that is not a string). `text`: the line `value` was parsed from.
 *
 * The names are listed once, here, and handed on (the check of the values, the delta and the copy of the
 * event each listed them before). Nothing else is checked: `JSON.parse` already guarantees well-formed text
 * and string keys, the object is its own (a `__proto__` key is an own property, not the prototype), and a
 * replay applies no size limits.
 */
export function readEventVariables(
  value: unknown,
  text: string,
  layouts: EventLayouts | undefined,
): { variables: SessionVariables; names: readonly string[] } | undefined {
  if (!isPlainObject(value) || value.sessionVariables !== undefined) return undefined;
  const variables = value.session_variables;
  if (!isPlainObject(variables)) return undefined;
  const known = layouts?.find(variables);
  if (known !== undefined && holdsExactly(text, variables, known))
    return { variables: variables as SessionVariables, names: known };
  const names = Object.keys(variables);
  for (let i = 0; i < names.length; i++)
    if (typeof variables[names[i] as string] !== 'string') return undefined;
  layouts?.remember(variables, names);
  return { variables: variables as SessionVariables, names };
}

/**
 * Whether `variables`, parsed from `text`, has exactly the own keys `names` (distinct), all with string
 * values, without listing its keys. Each name must read as a string, so is an own key (Object.prototype has
 * no string-valued property); and a line without a backslash has no escapes, so its text is exactly
 * `{"session_variables":{"name":"value",...}}` with no other member only when its length is the sum of
 * those members': any other key, a repeated one, white space or another field makes it longer.
 */
function holdsExactly(text: string, variables: Record<string, unknown>, names: readonly string[]): boolean {
  if (!text.startsWith(PREFIX) || !text.endsWith(SUFFIX) || text.includes('\\')) return false;
  let length = PREFIX.length + SUFFIX.length + Math.max(0, names.length - 1);
  for (let i = 0; i < names.length; i++) {
    const name = names[i] as string;
    const value = variables[name];
    if (typeof value !== 'string') return false;
    length += name.length + value.length + 5;
  }
  return length === text.length;
}
