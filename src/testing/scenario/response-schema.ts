import { documented, text, withExample, type JsonSchema } from '../../rules/schema/schema-doc';
import { listExpectation, mapExpectation, ref, TEXT_VALUE } from './comparison-schema';

export function buildOperationSchema(): JsonSchema {
  return documented('Operation', 'An operation of `actions_to_perform`; the keys written are compared.', {
    type: 'object',
    properties: {
      action: text('action', 'The action name.'),
      parameters: mapExpectation('parameters', 'Its parameters (the ones written are compared).', TEXT_VALUE),
    },
    additionalProperties: false,
  });
}

export function buildNodeSchema(): JsonSchema {
  return documented('Node override', 'An entry of `nodes_to_override`.', {
    type: 'object',
    properties: {
      node_names: listExpectation('node_names', 'The nodes.', text('Node name', 'A node of the flow.')),
      enable: documented('enable', '`false`: disabled; `true`: enabled again.', { type: 'boolean' }),
    },
    additionalProperties: false,
  });
}

export function buildUpdateSchema(): JsonSchema {
  return documented('Variable update', 'An entry of `session_variable_updates`.', {
    type: 'object',
    properties: { key: text('key', 'The variable.'), value: text('value', 'Its new value.') },
    additionalProperties: false,
  });
}

function filterProperties(): Record<string, JsonSchema> {
  const entry = text('Entry', 'A name, a prefix ending with `*`, or `*`.');
  return {
    keys_to_ignore: listExpectation('keys_to_ignore', 'Variable names or prefixes.', entry),
    events_to_ignore: listExpectation('events_to_ignore', 'Event names or prefixes.', entry),
    values_to_ignore: mapExpectation('values_to_ignore', 'Carried, unsupported by the engine.', TEXT_VALUE),
  };
}

export function buildFilterSchema(): JsonSchema {
  return documented('Event filter', 'The `event_filter` of the response; `null`: the response has none.', {
    type: ['object', 'null'],
    properties: {
      ...filterProperties(),
      exactly: documented('exactly', 'The filter is exactly this one.', {
        type: 'object',
        properties: filterProperties(),
        additionalProperties: false,
      }),
    },
    additionalProperties: false,
  });
}

function responseProperties(): Record<string, JsonSchema> {
  return {
    result_code: documented('result_code', 'Always 200 from rulehook.', { type: 'integer' }),
    result_message: text('result_message', 'Reserved; always absent.'),
    actions_to_perform: listExpectation('actions_to_perform', 'Operations.', ref('operation')),
    session_variable_updates: listExpectation('session_variable_updates', 'Updates.', ref('update')),
    nodes_to_override: listExpectation('nodes_to_override', 'Node overrides.', ref('node')),
    event_filter: documented('event_filter', 'The filter.', ref('filter')),
  };
}

export function buildResponseSchema(): JsonSchema {
  return documented(
    'response',
    withExample(
      'The whole response as proto3 JSON: empty lists and an unchanged filter are absent. `{ exactly: {...} }` compares all of it.',
      'response: { exactly: { result_code: 200 } }   # an empty response',
    ),
    {
      type: 'object',
      properties: {
        ...responseProperties(),
        exactly: documented('exactly', 'The response is exactly this one.', {
          type: 'object',
          properties: responseProperties(),
          additionalProperties: false,
        }),
      },
      additionalProperties: false,
    },
  );
}
