import { documented, text, withExample, type JsonSchema } from '../../rules/schema/schema-doc';
import { FILTER_REASONS } from './scenario-spec';

const ref = (name: string): JsonSchema => ({ $ref: `#/$defs/${name}` });
const TEXT_VALUE = text('Value', 'Text: session variables and parameters are text.');

/** A list compared exactly, or `{ contains: [...] }`, or `{ exactly: [...] }`. */
export function listExpectation(title: string, markdown: string, item: JsonSchema): JsonSchema {
  return documented(title, markdown, {
    type: ['array', 'object'],
    items: item,
    properties: {
      contains: documented(
        'contains',
        'The actual list holds these items, in any order; it may hold others too.',
        { type: 'array', items: item },
      ),
      exactly: documented('exactly', 'The actual list is exactly this one, every map inside compared exactly.', {
        type: 'array',
        items: item,
      }),
    },
    additionalProperties: false,
    minProperties: 1,
    maxProperties: 1,
  });
}

/** A map compared as a subset (the keys written), or `{ exactly: {...} }`. */
export function mapExpectation(title: string, markdown: string, value: JsonSchema): JsonSchema {
  return documented(title, markdown, {
    type: 'object',
    properties: {
      exactly: documented('exactly', 'The actual mapping has exactly these keys and values.', {
        type: 'object',
        additionalProperties: value,
      }),
    },
    additionalProperties: value,
  });
}

function buildOperationSchema(): JsonSchema {
  return documented('Operation', 'An operation of `actions_to_perform`; the keys written are compared.', {
    type: 'object',
    properties: {
      action: text('action', 'The action name.'),
      parameters: mapExpectation('parameters', 'Its parameters (the ones written are compared).', TEXT_VALUE),
    },
    additionalProperties: false,
  });
}

function buildNodeSchema(): JsonSchema {
  return documented('Node override', 'An entry of `nodes_to_override`.', {
    type: 'object',
    properties: {
      node_names: listExpectation('node_names', 'The nodes.', text('Node name', 'A node of the flow.')),
      enable: documented('enable', '`false`: disabled; `true`: enabled again.', { type: 'boolean' }),
    },
    additionalProperties: false,
  });
}

function buildUpdateSchema(): JsonSchema {
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

function buildFilterSchema(): JsonSchema {
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

function buildResponseSchema(): JsonSchema {
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

function buildUpdatesSchema(): JsonSchema {
  return documented(
    'updates',
    withExample(
      '`session_variable_updates`: a mapping `key: value` compared as a subset (each key: its last update), or the list of `{key, value}`.',
      'updates: { enrollment.state: ENROLL_REQUESTED }',
    ),
    {
      type: ['object', 'array'],
      items: ref('update'),
      properties: {
        contains: documented('contains', 'These updates are among the actual ones.', {
          type: 'array',
          items: ref('update'),
        }),
        exactly: documented('exactly', 'These and no other updates (a mapping, or the list in order).', {
          type: ['object', 'array'],
          items: ref('update'),
          additionalProperties: TEXT_VALUE,
        }),
      },
      additionalProperties: TEXT_VALUE,
    },
  );
}

/** The `expect` of an event: every key optional; only the keys written are checked. */
export function buildExpectationSchemas(): Record<string, JsonSchema> {
  const ruleId = text('Rule id', '`ruleset/rule`, as in the `rulehook-fired` header.', { minLength: 1 });
  const expectation = documented('Expectation', 'What the event must have done. Only the keys written are checked.', {
    type: 'object',
    properties: {
      sent: documented('sent', 'Whether the engine sent the event (`false`: its filter kept it back).', {
        type: 'boolean',
      }),
      reason: documented('reason', 'Why it was not sent; implies `sent: false`.', {
        type: 'string',
        enum: [...FILTER_REASONS],
      }),
      entry: text('entry', 'The filter entry that kept it back.'),
      fired: listExpectation(
        'fired',
        withExample(
          'The rules that fired, in firing order. `{ contains: [...] }`: at least these.',
          'fired: [enrollment/enroll-after-opt-in]',
        ),
        ruleId,
      ),
      not_fired: documented('not_fired', 'Rules that must not fire.', { type: 'array', items: ruleId }),
      operations: listExpectation('operations', '`actions_to_perform`, in order.', ref('operation')),
      updates: buildUpdatesSchema(),
      nodes: listExpectation('nodes', '`nodes_to_override`, in order.', ref('node')),
      filter: documented(
        'filter',
        '`event_filter`: the whole effective filter, sent when it changed; `null`: none in the response.',
        ref('filter'),
      ),
      variables: mapExpectation(
        'variables',
        'The variables the event was raised with, webhook updates included (the ones written are compared).',
        TEXT_VALUE,
      ),
      response: buildResponseSchema(),
    },
    additionalProperties: false,
  });
  return {
    expectation,
    operation: buildOperationSchema(),
    node: buildNodeSchema(),
    update: buildUpdateSchema(),
    filter: buildFilterSchema(),
  };
}
