import { documented, text, withExample, type JsonSchema } from '../../rules/schema/schema-doc';
import { listExpectation, mapExpectation, ref, TEXT_VALUE } from './comparison-schema';
import {
  buildFilterSchema,
  buildNodeSchema,
  buildOperationSchema,
  buildResponseSchema,
  buildUpdateSchema,
} from './response-schema';
import { FILTER_REASONS } from './scenario-spec';

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
  const expectation = documented(
    'Expectation',
    'What the event must have done. Only the keys written are checked.',
    {
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
    },
  );
  return {
    expectation,
    operation: buildOperationSchema(),
    node: buildNodeSchema(),
    update: buildUpdateSchema(),
    filter: buildFilterSchema(),
  };
}
