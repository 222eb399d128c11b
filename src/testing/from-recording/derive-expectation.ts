import { RESULT_CODE_OK, type CustomLogicResponse } from '../../contract/types';
import { toResponseJsonObject } from '../../contract/response-json';
import { withoutReservedUpdates } from '../../contract/reserved-variables';
import type { SimulatedEvent } from '../../simulation/simulated-event';
import type { ExpectationSpec, FilterExpectation } from '../scenario/scenario-spec';

/**
 * Today's answer to an event, written as a scenario expectation that holds it exactly:
 * - not sent: `sent: false`, the `reason` and the filter `entry` that kept it back;
 * - sent: the rules `fired` and every part of the answer, empty ones included (`[]`, `filter: null`), so
 *   that an answer gaining an operation, an update, a node override or a filter is a difference too;
 *   maps and lists of maps are wrapped in `exactly` where the format would otherwise compare a subset.
 * rulehook's own `rulehook.*` updates are left out: the tests never compare them (docs/state.md).
 */
export function deriveExpectation(result: SimulatedEvent): ExpectationSpec {
  if (!result.sent || result.response === null) {
    const expectation: ExpectationSpec = { sent: false };
    if (result.reason !== null) expectation.reason = result.reason;
    if (result.entry !== null) expectation.entry = result.entry;
    return expectation;
  }
  const response = withoutReservedUpdates(result.response);
  const expectation: ExpectationSpec = {
    fired: [...(result.fired ?? [])],
    operations: writeOperations(response),
    updates: writeUpdates(response),
    nodes: response.nodes_to_override.map((n) => ({ node_names: [...n.node_names], enable: n.enable })),
    filter: writeFilter(response),
  };
  if (response.result_code !== RESULT_CODE_OK) expectation.response = { result_code: response.result_code };
  return expectation;
}

function writeOperations(response: CustomLogicResponse): ExpectationSpec['operations'] {
  const operations = response.actions_to_perform.map((o) => ({
    action: o.action,
    parameters: { ...o.parameters },
  }));
  return operations.length === 0 ? [] : { exactly: operations };
}

/** A mapping (the value each key ends with) when no key is updated twice; else the list, in order. */
function writeUpdates(response: CustomLogicResponse): ExpectationSpec['updates'] {
  const updates = response.session_variable_updates;
  if (updates.length === 0) return [];
  const keys = new Set(updates.map((u) => u.key));
  if (keys.size < updates.length) return { exactly: updates.map((u) => ({ key: u.key, value: u.value })) };
  return { exactly: Object.fromEntries(updates.map((u) => [u.key, u.value])) };
}

function writeFilter(response: CustomLogicResponse): ExpectationSpec['filter'] {
  const filter = toResponseJsonObject(response).event_filter as FilterExpectation | undefined;
  return filter === undefined ? null : { exactly: filter };
}
