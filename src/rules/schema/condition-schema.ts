import { NUMBER_TEXT_PATTERN, OPERATORS, type OperandKind } from '../operators';
import { documented, text, withExample, type JsonSchema } from './schema-doc';

/** The title that marks the condition object schema; the error mapper recognises it by this. */
export const CONDITION_TITLE = 'Condition';

const CONDITION_REF = { $ref: '#/$defs/condition' };

/** The keys that say what kind of condition an object is; exactly one per condition. */
export const CONDITION_KINDS = ['all', 'any', 'not', 'ref', 'changed', 'var'] as const;

function describeOperand(kind: OperandKind): JsonSchema {
  switch (kind) {
    case 'string':
    case 'regex':
    case 'glob':
      return { type: 'string' };
    case 'number':
      // The pattern's errors are left to NON_NUMERIC_OPERAND (map-ajv-errors.ts); editors show them.
      return { type: ['number', 'string'], pattern: NUMBER_TEXT_PATTERN };
    case 'boolean':
      return { type: 'boolean' };
    case 'list':
      return {
        type: ['array', 'object'],
        items: text('Value', 'One text the variable may be equal to.'),
        properties: {
          list: text('List name', "The name of one of the ruleset's `lists`.", { minLength: 1 }),
        },
        required: ['list'],
        additionalProperties: false,
      };
  }
}

function buildOperatorProperties(): Record<string, JsonSchema> {
  const properties: Record<string, JsonSchema> = {};
  for (const op of OPERATORS) {
    properties[op.name] = documented(
      `${op.name} (operator)`,
      withExample(op.summary, op.example),
      describeOperand(op.operand),
    );
  }
  return properties;
}

/**
 * One flat object schema for every kind of condition, not a oneOf of kinds:
 * editors complete every key, and a mistake yields one error, never one per
 * alternative. Which kind an object is (exactly one of CONDITION_KINDS, and a
 * leaf's single operator) is checked by the semantic checks, with precise messages.
 */
export function buildConditionSchema(): JsonSchema {
  const list = (name: string, summary: string) =>
    documented(
      name,
      withExample(summary, `${name}:\n  - { var: a, equals: x }\n  - { var: b, exists: true }`),
      {
        type: 'array',
        minItems: 1,
        items: CONDITION_REF,
      },
    );
  return documented(
    CONDITION_TITLE,
    "A test on the event's session variables: `{ var: KEY, OPERATOR: VALUE }`, or `all`, `any`, `not`, `ref`, `changed`.",
    {
      type: 'object',
      properties: {
        all: list('all', 'True when every condition of the list is true.'),
        any: list('any', 'True when at least one condition of the list is true.'),
        not: documented(
          'not',
          withExample('True when the condition is false.', 'not: { var: custom.tier, equals: gold }'),
          CONDITION_REF,
        ),
        ref: text(
          'ref',
          withExample("The named condition of this ruleset's `conditions` with this name.", 'ref: gold'),
          { minLength: 1 },
        ),
        changed: text(
          'changed',
          withExample(
            'True when some session variable whose name matches this glob was added or changed since the previous event.',
            'changed: "verify.*"',
          ),
          { minLength: 1 },
        ),
        var: text(
          'var',
          withExample(
            'The session variable to test, with exactly one operator.',
            '{ var: verify.decision, equals: MATCH }',
          ),
          { minLength: 1 },
        ),
        ...buildOperatorProperties(),
      },
      additionalProperties: false,
    },
  );
}
