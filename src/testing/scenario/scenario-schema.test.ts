import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { toEditorSchema, type JsonSchema } from '../../rules/schema';
import { buildScenarioSchema } from './scenario-schema';

/**
 * schema/scenario.schema.json is the editor form of the builder's schema (see toEditorSchema). Regenerate
 * with `UPDATE_SCHEMA=1 npx jest src/testing/scenario`, then run prettier on schema/.
 */
const FILE = join(__dirname, '../../../schema/scenario.schema.json');
const buildShipped = () => toEditorSchema(buildScenarioSchema());
if (process.env.UPDATE_SCHEMA === '1') writeFileSync(FILE, `${JSON.stringify(buildShipped(), null, 2)}\n`);

describe('schema/scenario.schema.json', () => {
  it('is the editor form of what the builder produces (regenerate with UPDATE_SCHEMA=1)', () => {
    expect(JSON.parse(readFileSync(FILE, 'utf8'))).toEqual(buildShipped());
  });

  it('documents every property for editors (title, description, markdownDescription)', () => {
    const undocumented: string[] = [];
    visitProperties(buildScenarioSchema(), '#', (where, schema) => {
      for (const keyword of ['title', 'description', 'markdownDescription'])
        if (typeof schema[keyword] !== 'string') undocumented.push(`${where} lacks ${keyword}`);
    });
    expect(undocumented).toEqual([]);
  });

  it('offers every expectation key of docs/testing.md', () => {
    const doc = readFileSync(join(__dirname, '../../../docs/testing.md'), 'utf8');
    const expectation = (buildScenarioSchema().$defs as Record<string, JsonSchema>).expectation!;
    const keys = Object.keys(expectation.properties as object);
    expect(keys.length).toBeGreaterThan(8);
    expect(keys.filter((key) => !doc.includes(`| \`${key}\` |`))).toEqual([]);
  });
});

/** Calls `visit` on every schema under `properties` or `additionalProperties`, recursively. */
function visitProperties(schema: JsonSchema, where: string, visit: (where: string, s: JsonSchema) => void) {
  const children: [string, unknown][] = Object.entries(
    (schema.properties ?? {}) as Record<string, unknown>,
  ).map(([key, child]) => [`${where}.${key}`, child]);
  if (typeof schema.additionalProperties === 'object')
    children.push([`${where}.*`, schema.additionalProperties]);
  for (const [key, child] of Object.entries((schema.$defs ?? {}) as Record<string, unknown>))
    visitProperties(child as JsonSchema, `${where}/$defs/${key}`, visit);
  if (typeof schema.items === 'object') visitProperties(schema.items as JsonSchema, `${where}[]`, visit);
  for (const [childWhere, child] of children) {
    visit(childWhere, child as JsonSchema);
    visitProperties(child as JsonSchema, childWhere, visit);
  }
}
