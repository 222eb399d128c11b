import { Writer } from 'protobufjs/minimal';
import type { CustomLogicResponse, EventFilterAction } from './types';

/**
 * Encodes a `CustomLogicResponse` in the protobuf binary format with the spec's
 * tag numbers (checked against the .proto by the contract tests). Hand-written
 * because it is on the gRPC hot path and the message is small and fixed.
 */
export function encodeResponseBinary(response: CustomLogicResponse): Uint8Array {
  const w = Writer.create();
  if (response.result_code !== 0) w.uint32((1 << 3) | 0).int32(response.result_code);
  if (response.result_message !== '') w.uint32((2 << 3) | 2).string(response.result_message);
  for (const op of response.actions_to_perform) {
    w.uint32((3 << 3) | 2).fork();
    w.uint32((1 << 3) | 2).string(op.action);
    writeStringMap(w, 2, op.parameters);
    w.ldelim();
  }
  for (const update of response.session_variable_updates) {
    w.uint32((4 << 3) | 2).fork();
    w.uint32((1 << 3) | 2).string(update.key);
    w.uint32((2 << 3) | 2).string(update.value);
    w.ldelim();
  }
  for (const override of response.nodes_to_override) {
    w.uint32((5 << 3) | 2).fork();
    for (const name of override.node_names) w.uint32((1 << 3) | 2).string(name);
    if (override.enable) w.uint32((2 << 3) | 0).bool(true);
    w.ldelim();
  }
  if (response.event_filter !== undefined) writeFilter(w, response.event_filter);
  return w.finish();
}

function writeFilter(w: Writer, filter: EventFilterAction): void {
  // An empty filter message is still written: its presence is what sets the session's filter.
  w.uint32((6 << 3) | 2).fork();
  for (const key of filter.keys_to_ignore) w.uint32((1 << 3) | 2).string(key);
  writeStringMap(w, 2, filter.values_to_ignore);
  for (const name of filter.events_to_ignore) w.uint32((3 << 3) | 2).string(name);
  w.ldelim();
}

function writeStringMap(w: Writer, field: number, map: Record<string, string>): void {
  for (const key of Object.keys(map)) {
    w.uint32((field << 3) | 2).fork();
    w.uint32((1 << 3) | 2).string(key);
    w.uint32((2 << 3) | 2).string(map[key] as string);
    w.ldelim();
  }
}
