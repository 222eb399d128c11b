import { buildSpecWebhookTypes } from '../../test/support/spec-types';
import { decodeResponseBinary } from './decode-response-binary';
import { encodeEventBinary } from './encode-event-binary';
import { decodeEventBinary } from './event-binary';
import { encodeResponseBinary } from './response-binary';
import { createEmptyResponse, type CustomLogicResponse } from './types';

const types = buildSpecWebhookTypes();

const full: CustomLogicResponse = {
  result_code: 200,
  result_message: '',
  actions_to_perform: [{ action: 'NotifyAgent', parameters: { message: 'héllo', severity: 'critical' } }],
  session_variable_updates: [
    { key: 'risk.level', value: 'HIGH' },
    { key: 'risk.reason', value: '' },
  ],
  nodes_to_override: [
    { node_names: ['Verify', 'Enroll'], enable: false },
    { node_names: ['Train'], enable: true },
  ],
  event_filter: {
    keys_to_ignore: ['audio.*'],
    values_to_ignore: { a: 'b' },
    events_to_ignore: ['HEARTBEAT*', '*'],
  },
};

describe('the gRPC target codec', () => {
  it('encodes events the server decodes, and the spec-built type agrees', () => {
    const variables = { 'state.currentEvent': 'CALL_STARTED', 'call.ani': '+441', empty: '', 'ü€': '✓' };
    const bytes = encodeEventBinary(variables);
    expect(decodeEventBinary(bytes)).toEqual({
      ok: true,
      value: { session_variables: variables },
      unknownFields: 0,
    });
    expect(types.Event.toObject(types.Event.decode(bytes))).toEqual({ session_variables: variables });
    expect(bytes).toEqual(Buffer.from(types.Event.encode({ session_variables: variables }).finish()));
  });

  it('decodes what the server encodes, every field, including an empty filter', () => {
    expect(decodeResponseBinary(encodeResponseBinary(full))).toEqual(full);
    const empty = createEmptyResponse();
    expect(decodeResponseBinary(encodeResponseBinary(empty))).toEqual(empty);
    const emptyFilter = {
      ...createEmptyResponse(),
      event_filter: { keys_to_ignore: [], values_to_ignore: {}, events_to_ignore: [] },
    };
    expect(decodeResponseBinary(encodeResponseBinary(emptyFilter))).toEqual(emptyFilter);
  });

  it('decodes responses encoded by a third party from the spec, skipping unknown fields', () => {
    const message = types.CustomLogicResponse.fromObject({
      result_code: 500,
      session_variable_updates: [{ key: 'k', value: 'v' }],
    });
    const bytes = Buffer.concat([
      Buffer.from(types.CustomLogicResponse.encode(message).finish()),
      Buffer.from([0x98, 0x06, 0x01]),
    ]);
    expect(decodeResponseBinary(bytes)).toEqual({
      ...createEmptyResponse(),
      result_code: 500,
      session_variable_updates: [{ key: 'k', value: 'v' }],
    });
  });

  it('throws on a truncated message', () => {
    const bytes = encodeResponseBinary(full);
    expect(() => decodeResponseBinary(bytes.subarray(0, bytes.length - 3))).toThrow();
  });

  it('merges a filter sent twice, as protobuf merges a message field seen twice', () => {
    const first = encodeResponseBinary({
      ...createEmptyResponse(),
      event_filter: { keys_to_ignore: ['a'], values_to_ignore: { k: 'v' }, events_to_ignore: [] },
    });
    const second = encodeResponseBinary({
      ...createEmptyResponse(),
      event_filter: { keys_to_ignore: ['b'], values_to_ignore: {}, events_to_ignore: ['E'] },
    });
    expect(decodeResponseBinary(Buffer.concat([first, second])).event_filter).toEqual({
      keys_to_ignore: ['a', 'b'],
      values_to_ignore: { k: 'v' },
      events_to_ignore: ['E'],
    });
  });

  it('skips a known field sent with another wire type, as an unknown one', () => {
    // result_code (1) as a length-delimited field, result_message (2) as a varint.
    const bytes = Buffer.from([(1 << 3) | 2, 1, 0x41, (2 << 3) | 0, 7, (1 << 3) | 0, 42]);
    expect(decodeResponseBinary(bytes)).toEqual({ ...createEmptyResponse(), result_code: 42 });
  });

  it('names a sub-message that runs past the end of the bytes', () => {
    const bytes = Buffer.from([(4 << 3) | 2, 10, (1 << 3) | 2, 1, 0x6b]);
    expect(() => decodeResponseBinary(bytes)).toThrow(
      new RangeError('a field runs past the end of the message'),
    );
  });
});
