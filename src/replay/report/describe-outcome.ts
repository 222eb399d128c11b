import { isReservedVariable } from '../../contract/reserved-variables';
import { RESULT_CODE_OK, type CustomLogicResponse } from '../../contract/types';
import type { LaneOutcome } from '../lanes/replay-lane';

/** What happened to an event, in one line: sent or filtered and why, rules fired. */
export function describeStatus({ event, error }: LaneOutcome): string {
  if (!event.sent) {
    switch (event.reason) {
      case 'events_to_ignore':
        return `filtered: events_to_ignore ${JSON.stringify(event.entry)}`;
      case 'keys_to_ignore':
        return `filtered: keys_to_ignore ${JSON.stringify(event.entry)} (changed: ${event.delta.join(', ')})`;
      default:
        return 'filtered: webhook disabled for the rest of the session';
    }
  }
  if (error !== undefined) return `sent, call failed: ${error}`;
  if (event.fired === null) return 'sent';
  return event.fired.length === 0 ? 'sent, no rule fired' : `sent, fired ${event.fired.join(', ')}`;
}

/** What the response asks the engine to do, one line per instruction: scheduled, set, overridden, filter. */
export function describeResponse(response: CustomLogicResponse | null): string[] {
  if (response === null) return [];
  const lines: string[] = [];
  if (response.result_code !== RESULT_CODE_OK) lines.push(`result_code ${response.result_code}`);
  for (const op of response.actions_to_perform) {
    const parameters = Object.entries(op.parameters).map(([k, v]) => `${k}=${JSON.stringify(v)}`);
    lines.push(`schedule ${op.action}(${parameters.join(', ')})`);
  }
  for (const update of response.session_variable_updates)
    if (!isReservedVariable(update.key)) lines.push(`set ${update.key} = ${JSON.stringify(update.value)}`);
  for (const override of response.nodes_to_override)
    lines.push(`${override.enable ? 'enable' : 'disable'} ${override.node_names.join(', ')}`);
  const filter = response.event_filter;
  if (filter !== undefined) {
    const parts: string[] = [];
    if (filter.events_to_ignore.length > 0)
      parts.push(`events_to_ignore ${filter.events_to_ignore.join(', ')}`);
    if (filter.keys_to_ignore.length > 0) parts.push(`keys_to_ignore ${filter.keys_to_ignore.join(', ')}`);
    const off = filter.events_to_ignore.includes('*') || filter.keys_to_ignore.includes('*');
    lines.push(
      `filter ${parts.length === 0 ? '(empty)' : parts.join('; ')}${off ? ' (webhook off for the rest of the session)' : ''}`,
    );
  }
  return lines;
}
