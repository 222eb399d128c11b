import { encodeResponseJson } from './response-json';
import { decodeResponseJson } from './response-json-decode';
import { createEmptyResponse, type CustomLogicResponse } from './types';

const full: CustomLogicResponse = {
  result_code: 200,
  result_message: '',
  actions_to_perform: [{ action: 'Enroll', parameters: { person_id: 'p-1' } }],
  session_variable_updates: [{ key: 'risk.level', value: 'high' }],
  nodes_to_override: [
    { node_names: ['FraudsterDetection'], enable: false },
    { node_names: ['Verify'], enable: true },
  ],
  event_filter: { keys_to_ignore: ['audio.*'], values_to_ignore: {}, events_to_ignore: [] },
};

describe('encodeResponseJson', () => {
  it('omits empty lists, the empty message and an unset filter, but always writes result_code', () => {
    expect(encodeResponseJson(createEmptyResponse())).toBe('{"result_code":200}');
  });

  it('writes snake_case names, always writes enable, and omits empty filter lists', () => {
    expect(JSON.parse(encodeResponseJson(full))).toEqual({
      result_code: 200,
      actions_to_perform: [{ action: 'Enroll', parameters: { person_id: 'p-1' } }],
      session_variable_updates: [{ key: 'risk.level', value: 'high' }],
      nodes_to_override: [
        { node_names: ['FraudsterDetection'], enable: false },
        { node_names: ['Verify'], enable: true },
      ],
      event_filter: { keys_to_ignore: ['audio.*'] },
    });
  });

  it('writes an empty filter as {} (a filter that is set, and empty)', () => {
    const r = {
      ...createEmptyResponse(),
      event_filter: { keys_to_ignore: [], values_to_ignore: {}, events_to_ignore: [] },
    };
    expect(encodeResponseJson(r)).toBe('{"result_code":200,"event_filter":{}}');
  });
});

describe('decodeResponseJson', () => {
  it('round-trips what the encoder writes', () => {
    const r = decodeResponseJson(JSON.parse(encodeResponseJson(full)));
    expect(r).toEqual({ ok: true, value: full, unknownFields: 0 });
  });

  it('accepts lowerCamelCase names and a string result code', () => {
    const r = decodeResponseJson({
      resultCode: '200',
      sessionVariableUpdates: [{ key: 'a', value: 'b' }],
      extra: 1,
    });
    expect(r.ok && r.value.result_code).toBe(200);
    expect(r.ok && r.value.session_variable_updates).toEqual([{ key: 'a', value: 'b' }]);
    expect(r.ok && r.unknownFields).toBe(1);
  });

  it('names the field that has the wrong type', () => {
    const r = decodeResponseJson({
      result_code: 200,
      nodes_to_override: [{ node_names: ['a'], enable: 'yes' }],
    });
    expect(!r.ok && r.error).toEqual({
      field: 'nodes_to_override[0].enable',
      message: 'expected a boolean, got a string',
    });
  });
});
