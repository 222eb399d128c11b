import { Reader } from 'protobufjs/minimal';
import { createEmptyResponse, type CustomLogicResponse, type EventFilterAction } from '../contract';

/**
 * Decodes a binary `CustomLogicResponse` (tags of the spec), for the gRPC
 * target. Unknown fields are skipped. Throws on a malformed message; the
 * server side is src/contract/response-binary.ts.
 */
export function decodeResponseBinary(bytes: Uint8Array): CustomLogicResponse {
  const response = createEmptyResponse();
  response.result_code = 0;
  const r = Reader.create(bytes);
  while (r.pos < r.len) {
    const tag = r.uint32();
    switch (tag) {
      case (1 << 3) | 0:
        response.result_code = r.int32();
        break;
      case (2 << 3) | 2:
        response.result_message = r.string();
        break;
      case (3 << 3) | 2:
        response.actions_to_perform.push(
          readMessage(r, { action: '', parameters: {} }, (m, t) => {
            if (t === ((1 << 3) | 2)) m.action = r.string();
            else if (t === ((2 << 3) | 2)) readEntry(r, m.parameters);
            else r.skipType(t & 7);
          }),
        );
        break;
      case (4 << 3) | 2:
        response.session_variable_updates.push(
          readMessage(r, { key: '', value: '' }, (m, t) => {
            if (t === ((1 << 3) | 2)) m.key = r.string();
            else if (t === ((2 << 3) | 2)) m.value = r.string();
            else r.skipType(t & 7);
          }),
        );
        break;
      case (5 << 3) | 2:
        response.nodes_to_override.push(
          readMessage(r, { node_names: [] as string[], enable: false as boolean }, (m, t) => {
            if (t === ((1 << 3) | 2)) m.node_names.push(r.string());
            else if (t === ((2 << 3) | 0)) m.enable = r.bool();
            else r.skipType(t & 7);
          }),
        );
        break;
      case (6 << 3) | 2:
        response.event_filter = readFilter(r, response.event_filter);
        break;
      default:
        r.skipType(tag & 7);
    }
  }
  return response;
}

function readFilter(r: Reader, previous: EventFilterAction | undefined): EventFilterAction {
  // A repeated occurrence of a message field merges into the earlier one (protobuf semantics).
  const filter = previous ?? { keys_to_ignore: [], values_to_ignore: {}, events_to_ignore: [] };
  return readMessage(r, filter, (m, t) => {
    if (t === ((1 << 3) | 2)) m.keys_to_ignore.push(r.string());
    else if (t === ((2 << 3) | 2)) readEntry(r, m.values_to_ignore);
    else if (t === ((3 << 3) | 2)) m.events_to_ignore.push(r.string());
    else r.skipType(t & 7);
  });
}

/** Reads a length-delimited sub-message field by field into `message`. */
function readMessage<T>(r: Reader, message: T, field: (message: T, tag: number) => void): T {
  const end = r.uint32() + r.pos;
  if (end > r.len) throw new RangeError('a field runs past the end of the message');
  while (r.pos < end) field(message, r.uint32());
  return message;
}

/** Reads one map<string,string> entry into `map`. */
function readEntry(r: Reader, map: Record<string, string>): void {
  const entry = readMessage(r, { key: '', value: '' }, (m, t) => {
    if (t === ((1 << 3) | 2)) m.key = r.string();
    else if (t === ((2 << 3) | 2)) m.value = r.string();
    else r.skipType(t & 7);
  });
  map[entry.key] = entry.value;
}
