import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { toEditorSchema, type JsonSchema } from '../../rules/schema';
import { SERVE_OPTIONS } from '../commands/serve/serve-options';
import { buildConfigSchema } from './config-schema';
import { formatSettingsTable } from './settings-table';

/**
 * schema/config.schema.json (the editor form of the schema, see toEditorSchema) and the settings table of
 * docs/operations.md are generated from the serve option definitions. Regenerate both with `UPDATE_SCHEMA=1 npx jest src/cli/config/shipped-files`.
 */
const REGENERATE = 'UPDATE_SCHEMA=1 npx jest src/cli/config/shipped-files';
const ROOT = join(__dirname, '../../..');
const SCHEMA_FILE = join(ROOT, 'schema/config.schema.json');
const DOC_FILE = join(ROOT, 'docs/operations.md');
const BEGIN = '<!-- begin: settings table, generated from schema/config.schema.json -->\n';
const END = '\n<!-- end: settings table -->';

const schema = buildConfigSchema(SERVE_OPTIONS);
const shipped = toEditorSchema(schema);
if (process.env.UPDATE_SCHEMA === '1') {
  writeFileSync(SCHEMA_FILE, `${JSON.stringify(shipped, null, 2)}\n`);
  const doc = readFileSync(DOC_FILE, 'utf8');
  const start = doc.indexOf(BEGIN) + BEGIN.length;
  writeFileSync(
    DOC_FILE,
    `${doc.slice(0, start)}${formatSettingsTable(schema)}${doc.slice(doc.indexOf(END))}`,
  );
}

describe('schema/config.schema.json', () => {
  it(`is the editor form of what the serve options produce (regenerate: ${REGENERATE})`, () => {
    expect(JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as JsonSchema).toEqual(shipped);
  });

  it('has a documented, typed property for every serve setting', () => {
    const properties = schema.properties as Record<string, JsonSchema>;
    expect(Object.keys(properties)).toEqual(
      expect.arrayContaining([
        '$schema',
        'rules',
        'max_inflight_events',
        'no_http',
        'redact',
        'state_secret',
      ]),
    );
    expect(properties).not.toHaveProperty('help');
    expect(properties).not.toHaveProperty('config');
    for (const [key, property] of Object.entries(properties)) {
      expect([key, typeof property.markdownDescription, typeof property.description]).toEqual([
        key,
        'string',
        'string',
      ]);
      expect([key, property.type]).not.toEqual([key, undefined]);
    }
    expect(properties.max_inflight_events).toMatchObject({ type: 'integer', minimum: 1, default: 1000 });
    expect(properties.http_port).toMatchObject({ type: 'integer', minimum: 0, maximum: 65535 });
    expect(properties.log_level).toMatchObject({ type: 'string', enum: ['debug', 'info', 'warn', 'error'] });
    expect(properties.drain_seconds).toMatchObject({ type: 'number', minimum: 0, maximum: 3600, default: 5 });
    expect(properties.no_http).toMatchObject({ type: 'boolean', default: false });
    expect(properties.redact).toMatchObject({ type: 'array', items: { type: 'string' }, default: [] });
    expect(properties.rules).not.toHaveProperty('default');
  });
});

describe('docs/operations.md, the settings table', () => {
  it(`is the one the schema gives (regenerate: ${REGENERATE})`, () => {
    const doc = readFileSync(DOC_FILE, 'utf8');
    expect(doc).toContain(BEGIN);
    expect(doc).toContain(END);
    expect(doc.slice(doc.indexOf(BEGIN) + BEGIN.length, doc.indexOf(END))).toBe(formatSettingsTable(schema));
  });
});
