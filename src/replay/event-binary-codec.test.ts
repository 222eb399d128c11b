import { buildSpecWebhookTypes } from '../../test/support/spec-types';
import {
  createEmptyResponse,
  decodeEventBinary,
  encodeResponseBinary,
  type CustomLogicResponse,
} from '../contract';
import { decodeResponseBinary } from './decode-response-binary';
import { encodeEventBinary } from './encode-event-binary';

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
});
