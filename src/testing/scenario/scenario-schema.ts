import {
  DRAFT_2020_12,
  documented,
  text,
  textMap,
  withExample,
  type JsonSchema,
} from '../../rules/schema/schema-doc';
import { buildEngineSchema } from './engine-schema';
import { buildExpectationSchemas } from './expectation-schema';

const ref = (name: string): JsonSchema => ({ $ref: `#/$defs/${name}` });

function buildVariablesSchema(): JsonSchema {
  return textMap(
    'Variables',
    withExample(
      'Session variables, `name: text`. In an event: only those added or changed since the previous event.',
      'variables: { person.id: C-1029384, audio.netSeconds: "14.5" }',
    ),
    'Value',
    'Text (numbers and true/false are taken as written).',
  );
}

function buildEventSchema(): JsonSchema {
  return documented('Event', 'One event of the call: its name, what changed, and what it must do.', {
    type: 'object',
    properties: {
      event: text('event', 'The event name (`state.currentEvent`).', { minLength: 1 }),
      description: text('description', 'For people.'),
      variables: documented(
        'variables',
        'Variables added or changed since the previous event.',
        ref('variables'),
      ),
      expect: documented('expect', 'What the event must have done.', ref('expectation')),
    },
    required: ['event'],
    additionalProperties: false,
  });
}

function buildTestSchema(): JsonSchema {
  return documented(
    'Test',
    'A named test: one event (`event`, `variables`, `expect`) or a whole call (`events`).',
    {
      type: 'object',
      properties: {
        name: text('name', "The test's name, unique in its file; shown in reports.", { minLength: 1 }),
        description: text('description', 'For people.'),
        session: text('session', 'The session id (`state.sessionId`). Default: generated from the test.', {
          minLength: 1,
        }),
        variables: documented(
          'variables',
          'Variables the call has from its first event on (with `event`: the variables of that event).',
          ref('variables'),
        ),
        event: text('event', 'The single-event form: the event name (`state.currentEvent`).', {
          minLength: 1,
        }),
        expect: documented(
          'expect',
          'The single-event form: what the event must have done.',
          ref('expectation'),
        ),
        events: documented(
          'events',
          withExample(
            'The session form: the events of one call, in order. Between events the simulated engine applies the response (variable updates, filter).',
            'events:\n  - event: CALL_STARTED\n  - event: OPT_IN_RECEIVED\n    variables: { person.optIn: "true" }\n    expect: { fired: [enrollment/enroll-after-opt-in] }',
          ),
          { type: 'array', minItems: 1, items: ref('event') },
        ),
        cases: documented(
          'cases',
          withExample(
            'Table-driven: the test runs once per variable set. A case replaces the values the test writes for its variables, wherever it writes them; the others are added to the first event.',
            'cases:\n  - { verify.score: "0.1" }\n  - { verify.score: "0.29" }',
          ),
          {
            type: 'array',
            minItems: 1,
            items: textMap('Case', 'One variable set.', 'Value', 'Text.'),
          },
        ),
      },
      required: ['name'],
      additionalProperties: false,
    },
  );
}

/** The schema of a scenario file (`*.test.yaml`), shipped as schema/scenario.schema.json. */
export function buildScenarioSchema(): JsonSchema {
  return {
    $schema: DRAFT_2020_12,
    ...documented(
      'Scenario file',
      'Tests of rulehook rules: calls simulated event by event, with expectations.',
    ),
    type: 'object',
    properties: {
      $schema: text('$schema', 'The schema of this file, for editors.'),
      description: text('description', 'What these tests cover, for people.'),
      rules: documented(
        'rules',
        'The rules under test: a rule file or directory, or a list of them, relative to this file (`.`: its directory).',
        {
          type: ['string', 'array'],
          minLength: 1,
          minItems: 1,
          items: text('Rule path', 'A rule file or directory, relative to this file.', { minLength: 1 }),
        },
      ),
      catalog: text(
        'catalog',
        "A catalog file, relative to this file. Default: the rules directory's catalog.yaml.",
        {
          minLength: 1,
        },
      ),
      variables: documented('variables', 'Variables every test of the file starts with.', ref('variables')),
      engine: buildEngineSchema(),
      tests: documented('tests', 'The tests, run in order, each in its own session.', {
        type: 'array',
        items: ref('test'),
      }),
    },
    required: ['rules'],
    additionalProperties: false,
    $defs: {
      test: buildTestSchema(),
      event: buildEventSchema(),
      variables: buildVariablesSchema(),
      ...buildExpectationSchemas(),
    },
  };
}
