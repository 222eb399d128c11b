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

/** The kinds a catalog variable can be declared with (see VariableKind). */
export const VARIABLE_KINDS = ['text', 'number', 'yes-no'] as const;

/**
 * `variables`: a list of names and globs, or a mapping of names and globs to declarations. One schema
 * with `items` and `additionalProperties` (each applies to its own type) rather than a `oneOf`, so that
 * the places of text are found in both forms (text-positions.ts) and errors name the item at fault.
 */
function buildVariablesSchema(): JsonSchema {
  const value = documented('Value', 'A value the variable may take, as the engine writes it.', {
    type: 'string',
  });
  const values = documented(
    'values',
    withExample(
      'The only values a `text` variable takes: a list, or a mapping of each value to what it means. Conditions, `set` and test variables are checked against them (case included).',
      'values:\n  MATCH: The voice is the claimed customer.\n  MISMATCH: The voice is someone else.',
    ),
    {
      type: ['array', 'object'],
      items: value,
      minItems: 1,
      additionalProperties: documented('Value', 'What this value means.', { type: ['string', 'null'] }),
      minProperties: 1,
    },
  );
  const declaration = documented(
    'Variable',
    withExample(
      'What the variable holds. Empty: the name only, its values not checked.',
      'verify.score: { kind: number, description: 0 to 1 }',
    ),
    {
      type: ['object', 'null'],
      properties: {
        kind: documented(
          'kind',
          '`text` (any text; the default with `values` or `pattern`), `number` (text `gt`/`lt` read as a number, like `0.82`) or `yes-no` (`true` or `false`).',
          { type: 'string', enum: [...VARIABLE_KINDS] },
        ),
        values,
        pattern: text(
          'pattern',
          'A regular expression (RE2 syntax, as `regex` conditions use) that every value of a `text` variable contains a match of; `^...$` to match the whole value.',
          { minLength: 1 },
        ),
        description: text('description', 'What the variable holds, for people.'),
      },
      additionalProperties: false,
    },
  );
  return documented(
    'variables',
    withExample(
      'Session variables rules may read: a list of names or globs such as `custom.*`, or a mapping of each name or glob to what it holds (its kind, its allowed values or a pattern).',
      'variables:\n  verify.decision:\n    values: [MATCH, MISMATCH, UNCERTAIN]\n  verify.score: { kind: number }\n  "custom.*":',
    ),
    {
      type: ['array', 'object'],
      items: text('Variable name or glob', 'A session variable name, or a glob of names.', { minLength: 1 }),
      propertyNames: { title: 'a variable name or glob', minLength: 1 },
      additionalProperties: declaration,
    },
  );
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
      variables: buildVariablesSchema(),
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
