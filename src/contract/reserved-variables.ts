import type { CustomLogicResponse } from './types';

/**
 * Session variables under this prefix belong to rulehook: it writes its own
 * per-session state there (the filter it has sent, the `once` rules that fired,
 * fingerprints for `changed`), the engine stores them with the session and sends
 * them back with every event. Rules may read them but never set them.
 */
export const RESERVED_PREFIX = 'rulehook.';

export function isReservedVariable(key: string): boolean {
  return key.startsWith(RESERVED_PREFIX);
}

/**
 * The response without rulehook's own state updates: what the rules asked for.
 * Rule tests and the human replay timeline show this; the wire carries both.
 * Returns the same object when there is nothing to leave out.
 */
export function withoutReservedUpdates(response: CustomLogicResponse): CustomLogicResponse {
  const updates = response.session_variable_updates;
  if (!updates.some((update) => isReservedVariable(update.key))) return response;
  return { ...response, session_variable_updates: updates.filter((u) => !isReservedVariable(u.key)) };
}
