import type { JsonSchema } from '../../rules/schema/schema-doc';

/**
 * The reference table of docs/operations.md, "Configuration", read from the schema of the configuration
 * file (buildConfigSchema): one row per setting with its flag, environment variable, type, default and
 * meaning. A test keeps the page and the schema in step.
 */
export function formatSettingsTable(schema: JsonSchema): string {
  const rows = Object.entries(schema.properties as Record<string, JsonSchema>)
    .filter(([key]) => key !== '$schema')
    .map(([key, property]) => {
      const [paragraph = ''] = String(property.markdownDescription).split('\n\n');
      const prose = / Default: (.+)\.$/.exec(paragraph);
      const meaning = prose === null ? paragraph : paragraph.slice(0, prose.index);
      const shown = 'default' in property ? describeDefault(property.default) : (prose?.[1] ?? 'none');
      const flag = `--${key.replace(/_/g, '-')}`;
      const env = `RULEHOOK_${key.toUpperCase()}`;
      return `| \`${key}\` | \`${flag}\` | \`${env}\` | ${describeType(property)} | ${shown} | ${escape(meaning)} |`;
    });
  return [
    '| setting | flag | environment variable | type | default | meaning |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

function describeType(schema: JsonSchema): string {
  if (Array.isArray(schema.enum)) return schema.enum.map((choice) => `\`${String(choice)}\``).join(', ');
  if (Array.isArray(schema.type)) return schema.type.map((type) => describeType({ type })).join(' or ');
  switch (schema.type) {
    case 'boolean':
      return '`true`, `false`';
    case 'integer':
    case 'number': {
      const kind = schema.type === 'integer' ? 'whole number' : 'number';
      if (typeof schema.maximum === 'number') return `${kind} ${String(schema.minimum)}–${schema.maximum}`;
      if (typeof schema.minimum === 'number') return `${kind} ≥ ${schema.minimum}`;
      if (typeof schema.exclusiveMinimum === 'number') return `${kind} > ${schema.exclusiveMinimum}`;
      return kind;
    }
    case 'array':
      return `list of ${describeType(schema.items as JsonSchema)}`;
    default:
      return 'text';
  }
}

function describeDefault(value: unknown): string {
  if (Array.isArray(value) && value.length === 0) return 'none';
  return `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;
}

/** A `|` would end the cell. */
function escape(text: string): string {
  return text.replace(/\|/g, '\\|');
}
