import protobuf from 'protobufjs';

/**
 * The webhook messages built in code from the contract's tag numbers
 * (docs/contract.md, "Webhook messages"), independently of proto/ and of
 * rulehook's codec: what a third-party engine's client would be built from.
 */
export function buildSpecWebhookTypes(): { Event: protobuf.Type; CustomLogicResponse: protobuf.Type } {
  const root = new protobuf.Root();
  const ns = root.define('vendor.biosec.v1');
  ns.add(new protobuf.Type('Event').add(new protobuf.MapField('session_variables', 1, 'string', 'string')));
  ns.add(
    new protobuf.Type('OperationAction')
      .add(new protobuf.Field('action', 1, 'string'))
      .add(new protobuf.MapField('parameters', 2, 'string', 'string')),
  );
  ns.add(
    new protobuf.Type('SetSessionVariableAction')
      .add(new protobuf.Field('key', 1, 'string'))
      .add(new protobuf.Field('value', 2, 'string')),
  );
  ns.add(
    new protobuf.Type('NodeOverrideAction')
      .add(new protobuf.Field('node_names', 1, 'string', 'repeated'))
      .add(new protobuf.Field('enable', 2, 'bool')),
  );
  ns.add(
    new protobuf.Type('EventFilterAction')
      .add(new protobuf.Field('keys_to_ignore', 1, 'string', 'repeated'))
      .add(new protobuf.MapField('values_to_ignore', 2, 'string', 'string'))
      .add(new protobuf.Field('events_to_ignore', 3, 'string', 'repeated')),
  );
  ns.add(
    new protobuf.Type('CustomLogicResponse')
      .add(new protobuf.Field('result_code', 1, 'int32'))
      .add(new protobuf.Field('result_message', 2, 'string'))
      .add(new protobuf.Field('actions_to_perform', 3, 'OperationAction', 'repeated'))
      .add(new protobuf.Field('session_variable_updates', 4, 'SetSessionVariableAction', 'repeated'))
      .add(new protobuf.Field('nodes_to_override', 5, 'NodeOverrideAction', 'repeated'))
      .add(new protobuf.Field('event_filter', 6, 'EventFilterAction')),
  );
  root.resolveAll();
  return {
    Event: root.lookupType('vendor.biosec.v1.Event'),
    CustomLogicResponse: root.lookupType('vendor.biosec.v1.CustomLogicResponse'),
  };
}

/** Converts a decoded response to plain data in the same shape as rulehook's JSON output. */
export function toPlainResponse(type: protobuf.Type, message: protobuf.Message): Record<string, unknown> {
  return type.toObject(message, { defaults: false, arrays: false, objects: false }) as Record<
    string,
    unknown
  >;
}
