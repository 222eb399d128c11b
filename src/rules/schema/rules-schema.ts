import { ID_PATTERN } from '../ids';
import { buildConditionSchema } from './condition-schema';
import { DRAFT_2020_12, documented, text, withExample, type JsonSchema } from './schema-doc';
import { buildThenSchemas } from './then-schema';

const CONDITION_REF = { $ref: '#/$defs/condition' };

/** Ruleset names and rule ids: what ../ids.ts allows (reported as INVALID_ID by map-ajv-errors.ts). */
const ID_SCHEMA = { minLength: 1, pattern: ID_PATTERN };
const ID_RULE =
  'Letters, digits, `.`, `_`, `:` and `-`, starting with a letter or digit: it is sent in the `rulehook-fired` header.';

function buildRuleSchema(): JsonSchema {
  return documented('Rule', 'A rule: when it fires (`on`, `if`) and what it does (`then`).', {
    type: 'object',
    properties: {
      id: text('id', `The rule's name, unique within the ruleset. ${ID_RULE}`, ID_SCHEMA),
      description: text('description', 'What the rule is for, for people.'),
      on: documented(
        'on',
        withExample(
          'The events the rule applies to: an event name or glob (`VERIFY_*`), or a list of them. Absent: every event.',
          'on: [VERIFY_COMPLETED, "ENROLL_*"]',
        ),
        {
          type: ['string', 'array'],
          minLength: 1,
          minItems: 1,
          items: text('Event name or glob', 'Matched against `state.currentEvent`.', { minLength: 1 }),
        },
      ),
      if: documented('if', 'The condition under which the rule fires. Absent: always.', CONDITION_REF),
      then: documented('then', 'What the rule does when it fires.', { $ref: '#/$defs/then' }),
      priority: documented(
        'priority',
        'Higher runs first; equal priorities keep the written order. Default 0.',
        {
          type: 'integer',
          default: 0,
        },
      ),
      stop: documented(
        'stop',
        'When the rule fires, later rules of this ruleset are skipped for this event.',
        {
          type: 'boolean',
          default: false,
        },
      ),
      enabled: documented('enabled', '`false` turns the rule off without deleting it. Default `true`.', {
        type: 'boolean',
        default: true,
      }),
      once: documented('once', 'The rule fires at most once per session.', {
        type: 'boolean',
        default: false,
      }),
    },
    required: ['id', 'then'],
    additionalProperties: false,
  });
}

/** The schema of a rule file (one ruleset), shipped as schema/rules.schema.json. */
export function buildRulesSchema(): JsonSchema {
  const { then, operation, filter } = buildThenSchemas();
  return {
    $schema: DRAFT_2020_12,
    ...documented('Rule file', 'One ruleset of rulehook: named conditions, lists and rules.'),
    type: 'object',
    properties: {
      $schema: text('$schema', 'The schema of this file, for editors.'),
      ruleset: text('ruleset', `The ruleset's name, unique across all loaded files. ${ID_RULE}`, ID_SCHEMA),
      description: text('description', 'What the ruleset is for, for people.'),
      when: documented('when', 'The whole ruleset applies only where this condition holds.', CONDITION_REF),
      lists: documented(
        'lists',
        withExample(
          'Named lists of texts, used as `in: { list: NAME }`.',
          'lists:\n  risky: [FRAUD_DETECTED, SPOOF_DETECTED]',
        ),
        {
          type: 'object',
          additionalProperties: documented('List', 'A named list of texts.', {
            type: 'array',
            items: text('List item', 'One text of the list.'),
          }),
        },
      ),
      conditions: documented(
        'conditions',
        withExample(
          'Named conditions, used as `ref: NAME`.',
          'conditions:\n  gold: { var: custom.tier, equals: gold }',
        ),
        {
          type: 'object',
          additionalProperties: documented(
            'Named condition',
            'A condition that rules use with `ref`.',
            CONDITION_REF,
          ),
        },
      ),
      rules: documented('rules', 'The rules, in the order written.', {
        type: 'array',
        items: { $ref: '#/$defs/rule' },
      }),
    },
    required: ['ruleset', 'rules'],
    additionalProperties: false,
    $defs: { condition: buildConditionSchema(), rule: buildRuleSchema(), then, operation, filter },
  };
}
