import { parse } from 'yaml';

export type ParsedEvents = { ok: true; events: Record<string, string>[] } | { ok: false; message: string };

/**
 * The event panel's text: one event's session variables as a JSON or YAML mapping, or a list of them (every
 * event of one call, in order). Session variables are strings on the wire, so numbers and booleans typed
 * without quotes are sent exactly as written.
 */
export function parseEvents(text: string): ParsedEvents {
  let value: unknown;
  try {
    // failsafe: every scalar is read as its text, so `0.90` stays "0.90" as the engine would send it.
    value = parse(text, { schema: 'failsafe' });
  } catch (error) {
    return {
      ok: false,
      message: `not JSON or YAML: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  const list = Array.isArray(value) ? value : [value];
  const events: Record<string, string>[] = [];
  for (const [index, item] of list.entries()) {
    const where = list.length === 1 ? 'the event' : `event ${index + 1}`;
    if (item === null || typeof item !== 'object' || Array.isArray(item))
      return { ok: false, message: `${where} must be a mapping of session variables` };
    const variables: Record<string, string> = {};
    for (const [key, raw] of Object.entries(item as Record<string, unknown>)) {
      if (raw !== null && typeof raw === 'object')
        return { ok: false, message: `${where}: ${key} must be a text, not a list or mapping` };
      variables[key] = raw === null || raw === undefined ? '' : String(raw);
    }
    events.push(variables);
  }
  if (events.length === 0) return { ok: false, message: 'no event to run' };
  return { ok: true, events };
}

/** The default event text: the first event of a call, for the user to change. */
export const DEFAULT_EVENT = `# The session variables of the event (YAML or JSON); a list runs every event of one call, in order.
state.sessionId: console-1
state.currentEvent: CALL_STARTED
call.ani: "+13125550187"
`;
