import type { CustomLogicResponse, EventFilterAction } from './types';

/**
 * Encodes a `CustomLogicResponse` as proto3 JSON with proto (snake_case) names.
 * `result_code` is always present; empty lists, an empty `result_message` and an
 * unset `event_filter` are omitted (proto3 default-omission); `enable` is always
 * written so that "disable" can never be mistaken for "absent".
 */
export function encodeResponseJson(response: CustomLogicResponse): string {
  return JSON.stringify(toResponseJsonObject(response));
}

export function toResponseJsonObject(response: CustomLogicResponse): Record<string, unknown> {
  const out: Record<string, unknown> = { result_code: response.result_code };
  if (response.result_message !== '') out.result_message = response.result_message;
  if (response.actions_to_perform.length > 0) out.actions_to_perform = response.actions_to_perform;
  if (response.session_variable_updates.length > 0) {
    out.session_variable_updates = response.session_variable_updates;
  }
  if (response.nodes_to_override.length > 0) out.nodes_to_override = response.nodes_to_override;
  if (response.event_filter !== undefined) out.event_filter = toFilterJsonObject(response.event_filter);
  return out;
}

function toFilterJsonObject(filter: EventFilterAction): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (filter.keys_to_ignore.length > 0) out.keys_to_ignore = filter.keys_to_ignore;
  if (Object.keys(filter.values_to_ignore).length > 0) out.values_to_ignore = filter.values_to_ignore;
  if (filter.events_to_ignore.length > 0) out.events_to_ignore = filter.events_to_ignore;
  return out;
}
