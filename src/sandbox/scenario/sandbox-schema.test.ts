import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { toEditorSchema, type JsonSchema } from '../../rules/schema';
import { buildSandboxSchema } from './sandbox-schema';

/**
 * schema/sandbox.schema.json is the editor form of the builder's schema (see toEditorSchema). Regenerate
 * with `UPDATE_SCHEMA=1 npx jest src/sandbox/scenario`, then run prettier on schema/.
 */
const FILE = join(__dirname, '../../../schema/sandbox.schema.json');
const buildShipped = () => toEditorSchema(buildSandboxSchema());
if (process.env.UPDATE_SCHEMA === '1') writeFileSync(FILE, `${JSON.stringify(buildShipped(), null, 2)}\n`);

/** Every schema under `properties`, `items` or `$defs`, with where it is. */
function listProperties(schema: JsonSchema, where: string): [string, JsonSchema][] {
  const found: [string, JsonSchema][] = [];
  for (const [key, child] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>))
    found.push([`${where}.${key}`, child], ...listProperties(child, `${where}.${key}`));
  for (const [key, child] of Object.entries((schema.$defs ?? {}) as Record<string, JsonSchema>))
    found.push(...listProperties(child, `${where}/$defs/${key}`));
  if (typeof schema.items === 'object')
    found.push(...listProperties(schema.items as JsonSchema, `${where}[]`));
  return found;
}

describe('schema/sandbox.schema.json', () => {
  it('is the editor form of what the builder produces (regenerate with UPDATE_SCHEMA=1)', () => {
    expect(JSON.parse(readFileSync(FILE, 'utf8'))).toEqual(buildShipped());
  });

  it('documents every property for editors (title, description, markdownDescription)', () => {
    const properties = listProperties(buildSandboxSchema(), '#');
    expect(properties.length).toBeGreaterThan(40);
    const undocumented = properties.flatMap(([where, schema]) =>
      ['title', 'description', 'markdownDescription']
        .filter((keyword) => typeof schema[keyword] !== 'string')
        .map((keyword) => `${where} lacks ${keyword}`),
    );
    expect(undocumented).toEqual([]);
  });
});
