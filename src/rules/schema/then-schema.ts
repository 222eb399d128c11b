import { documented, text, textList, textMap, withExample, type JsonSchema } from './schema-doc';

const TEMPLATE_NOTE =
  '`${KEY}` inserts a session variable, `${KEY:-fallback}` gives a fallback, `$$` is a `$`.';

function buildOperationSchema(): JsonSchema {
  return documented('Operation', 'An operation to schedule: an action name and its parameters.', {
    type: 'object',
    properties: {
      action: text('action', 'The name of the action to execute, as the engine knows it.', { minLength: 1 }),
      parameters: textMap(
        'parameters',
        withExample(
          `The action's parameters, text values. ${TEMPLATE_NOTE}`,
          'parameters: { person_id: "${person.id}" }',
        ),
        'Parameter value',
        `Text. ${TEMPLATE_NOTE}`,
        'a parameter name',
      ),
    },
    required: ['action'],
    additionalProperties: false,
  });
}

function buildFilterSchema(): JsonSchema {
  const prefixNote =
    'An entry ending with `*` matches every name starting with what comes before; `*` alone matches all.';
  return documented(
    'Filter',
    "Adds entries to the session's event filter: later events the engine will not send to the webhook.",
    {
      type: 'object',
      properties: {
        keys_to_ignore: textList(
          'keys_to_ignore',
          withExample(
            `An event whose changed variables all match these entries is not sent. ${prefixNote}`,
            'keys_to_ignore: ["audio.*"]',
          ),
          'Variable name or prefix',
          prefixNote,
        ),
        events_to_ignore: textList(
          'events_to_ignore',
          withExample(
            `Events with these names are not sent. ${prefixNote}`,
            'events_to_ignore: ["HEARTBEAT*"]',
          ),
          'Event name or prefix',
          prefixNote,
        ),
        values_to_ignore: textMap(
          'values_to_ignore',
          'Sent to the engine as written, but **the engine does not support it** (a warning says so).',
          'Value',
          'Text.',
          'a variable name',
        ),
      },
      additionalProperties: false,
    },
  );
}

/** `then`: the outputs of a fired rule, each key optional, in the response in this order. */
export function buildThenSchemas(): Record<string, JsonSchema> {
  const nodeList = (name: string, markdown: string, example: string) =>
    textList(name, withExample(markdown, example), 'Node name', 'A node of the built-in flow.');
  const then = documented('Then', 'What the rule does when it fires. At least one key.', {
    type: 'object',
    properties: {
      schedule: documented(
        'schedule',
        withExample(
          'Operations to schedule, in order (`actions_to_perform`).',
          'schedule:\n  - action: Enroll\n    parameters: { person_id: "${person.id}" }',
        ),
        { type: 'array', items: { $ref: '#/$defs/operation' } },
      ),
      set: textMap(
        'set',
        withExample(
          `Session variables to update, in the order written. ${TEMPLATE_NOTE}`,
          'set:\n  risk.level: high',
        ),
        'New value',
        `Text. ${TEMPLATE_NOTE}`,
        'a variable name',
      ),
      disable: nodeList(
        'disable',
        'Nodes of the built-in flow to disable for the rest of the session.',
        'disable: [FraudsterDetection]',
      ),
      enable: nodeList('enable', 'Nodes of the built-in flow to enable again.', 'enable: [Verify]'),
      filter: documented('filter', "Entries added to the session's event filter.", {
        $ref: '#/$defs/filter',
      }),
    },
    additionalProperties: false,
  });
  return { then, operation: buildOperationSchema(), filter: buildFilterSchema() };
}
