import { DRAFT_2020_12, documented, text, textList, withExample, type JsonSchema } from './schema-doc';

function buildActionSchema(): JsonSchema {
  const parameter = documented(
    'Parameter',
    withExample(
      'A parameter of the action. Empty: optional, undocumented.',
      'person_id: { required: true, description: Who to enroll }',
    ),
    {
      type: ['object', 'null'],
      properties: {
        required: documented('required', 'Rules scheduling the action must give this parameter.', {
          type: 'boolean',
          default: false,
        }),
        description: text('description', 'What the parameter means.'),
      },
      additionalProperties: false,
    },
  );
  return documented('Action', 'An action the engine can execute. Empty: any parameters are accepted.', {
    type: ['object', 'null'],
    properties: {
      description: text('description', 'What the action does.'),
      parameters: documented(
        'parameters',
        'The parameters the action takes. When present, rules may use no others (a warning says so).',
        { type: 'object', additionalProperties: parameter },
      ),
    },
    additionalProperties: false,
  });
}

/**
 * The schema of a catalog file, shipped as schema/catalog.schema.json: the names an
 * engine knows, which the spec leaves to each deployment. Each section is optional;
 * names are checked only against the sections present.
 */
export function buildCatalogSchema(): JsonSchema {
  return {
    $schema: DRAFT_2020_12,
    ...documented('Catalog', 'The event, node, action and variable names your engine uses.'),
    type: 'object',
    properties: {
      $schema: text('$schema', 'The schema of this file, for editors.'),
      description: text('description', 'What this catalog describes, for people.'),
      events: textList(
        'events',
        'Event names (values of `state.currentEvent`).',
        'Event name',
        'An event type.',
      ),
      nodes: textList(
        'nodes',
        'Nodes of the built-in flow (for `enable` / `disable`).',
        'Node name',
        'A node.',
      ),
      variables: textList(
        'variables',
        'Session variables rules may read: names, or globs such as `custom.*`.',
        'Variable name or glob',
        'A session variable name, or a glob of names.',
      ),
      actions: documented(
        'actions',
        withExample(
          'Actions rules may schedule, by name.',
          'actions:\n  Enroll:\n    parameters:\n      person_id: { required: true }',
        ),
        { type: 'object', additionalProperties: buildActionSchema() },
      ),
    },
    additionalProperties: false,
  };
}
