import { documented, text, type JsonSchema } from '../../rules/schema/schema-doc';

export const ref = (name: string): JsonSchema => ({ $ref: `#/$defs/${name}` });
export const TEXT_VALUE = text('Value', 'Text: session variables and parameters are text.');

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
      exactly: documented(
        'exactly',
        'The actual list is exactly this one, every map inside compared exactly.',
        {
          type: 'array',
          items: item,
        },
      ),
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
