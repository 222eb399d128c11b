import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { OPERATOR_NAMES } from '../operators';
import { buildCatalogSchema } from './catalog-schema';
import { toEditorSchema } from './editor-schema';
import { buildRulesSchema } from './rules-schema';
import type { JsonSchema } from './schema-doc';

/**
 * The shipped schema files are the editor form (toEditorSchema) of the builders' schemas, which the
 * validator compiles: the operator list and the places of text have one source. Regenerate with
 * `UPDATE_SCHEMA=1 npx jest src/rules/schema`, then run prettier on schema/.
 */
const SHIPPED: [string, () => JsonSchema, () => JsonSchema][] = [
  ['rules.schema.json', buildRulesSchema, () => toEditorSchema(buildRulesSchema())],
  ['catalog.schema.json', buildCatalogSchema, () => toEditorSchema(buildCatalogSchema())],
];

describe.each(SHIPPED)('schema/%s', (name, build, buildShipped) => {
  const file = join(__dirname, '../../../schema', name);
  if (process.env.UPDATE_SCHEMA === '1') writeFileSync(file, `${JSON.stringify(buildShipped(), null, 2)}\n`);

  it('is the editor form of what the builder produces (regenerate with UPDATE_SCHEMA=1)', () => {
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(buildShipped());
  });

  it('documents every property for editors (title, description, markdownDescription)', () => {
    const undocumented: string[] = [];
    visitProperties(build(), '#', (where, schema) => {
      for (const keyword of ['title', 'description', 'markdownDescription']) {
        if (typeof schema[keyword] !== 'string') undocumented.push(`${where} lacks ${keyword}`);
      }
    });
    expect(undocumented).toEqual([]);
  });
});

it('offers every operator as a condition key', () => {
  const condition = (buildRulesSchema().$defs as Record<string, JsonSchema>).condition!;
  expect(Object.keys(condition.properties as object)).toEqual(expect.arrayContaining([...OPERATOR_NAMES]));
});

/** Calls `visit` on every schema under `properties` or `additionalProperties`, recursively. */
function visitProperties(schema: JsonSchema, where: string, visit: (where: string, s: JsonSchema) => void) {
  const children: [string, unknown][] = [];
  for (const [key, child] of Object.entries((schema.properties ?? {}) as Record<string, unknown>)) {
    children.push([`${where}.${key}`, child]);
  }
  if (typeof schema.additionalProperties === 'object')
    children.push([`${where}.*`, schema.additionalProperties]);
  for (const [key, child] of Object.entries((schema.$defs ?? {}) as Record<string, unknown>)) {
    visitProperties(child as JsonSchema, `${where}/$defs/${key}`, visit);
  }
  if (typeof schema.items === 'object') visitProperties(schema.items as JsonSchema, `${where}[]`, visit);
  for (const [childWhere, child] of children) {
    visit(childWhere, child as JsonSchema);
    visitProperties(child as JsonSchema, childWhere, visit);
  }
}
