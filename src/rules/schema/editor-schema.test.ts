import { toEditorSchema } from './editor-schema';

describe('toEditorSchema', () => {
  const schema = {
    type: 'object',
    properties: {
      id: { title: 'id', type: 'string', minLength: 1 },
      on: { type: ['string', 'array'], items: { type: 'string' } },
      gt: { type: ['number', 'string'], pattern: '^\\d+$' },
      mode: { type: 'string', enum: ['a', 'b'] },
      priority: { type: 'integer' },
    },
    required: ['id'],
  };

  it('lets every text schema take the YAML scalars the loader takes as written, keeping its other keywords', () => {
    expect(toEditorSchema(schema)).toEqual({
      type: 'object',
      properties: {
        id: { title: 'id', type: ['string', 'number', 'boolean'], minLength: 1 },
        on: {
          type: ['string', 'number', 'boolean', 'array'],
          items: { type: ['string', 'number', 'boolean'] },
        },
        gt: { type: ['number', 'string'], pattern: '^\\d+$' },
        mode: { type: ['string', 'number', 'boolean'], enum: ['a', 'b'] },
        priority: { type: 'integer' },
      },
      required: ['id'],
    });
  });

  it('leaves the schema it is given unchanged', () => {
    const before = JSON.stringify(schema);
    toEditorSchema(schema);
    expect(JSON.stringify(schema)).toBe(before);
  });
});
