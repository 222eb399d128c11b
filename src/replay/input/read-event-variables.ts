import { isPlainObject } from '../../contract/json-fields';
import type { SessionVariables } from '../../contract/types';

/**
 * The session variables of a parsed recording line and their names, when the line is the usual
 * `{"session_variables": {...}}` with string values (more fields, as a decision-log line has, are fine);
 * undefined for anything else, which `decodeEventJson` then reads or explains (the other spelling of the
 * field, a missing or null map, a value that is not a string).
 *
 * The names are listed once, here, and handed on: `JSON.parse` builds an object of more than about
 * 128 keys in dictionary mode, where listing the keys (a `for...in` or `Object.keys`) costs about a fifth
 * of the parse, and the check of the values, the delta and the copy of the event each listed them again.
 * Nothing else is checked: `JSON.parse` already guarantees well-formed text and string keys, the object is
 * its own (a `__proto__` key is an own property, not the prototype), and a replay applies no size limits.
 */
export function readEventVariables(
  value: unknown,
): { variables: SessionVariables; names: string[] } | undefined {
  if (!isPlainObject(value) || value.sessionVariables !== undefined) return undefined;
  const variables = value.session_variables;
  if (!isPlainObject(variables)) return undefined;
  const names = Object.keys(variables);
  for (let i = 0; i < names.length; i++)
    if (typeof variables[names[i] as string] !== 'string') return undefined;
  return { variables: variables as SessionVariables, names };
}
