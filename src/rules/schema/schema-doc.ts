/** A JSON Schema (draft 2020-12) as plain data. */
export type JsonSchema = { [keyword: string]: unknown };

export const DRAFT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

/**
 * Adds the annotations editors show: `title`, `description` (plain text, for
 * tools without markdown) and `markdownDescription` (yaml-language-server's hover).
 * Every property of the shipped schemas goes through here; a test checks it.
 */
export function documented(title: string, markdown: string, schema: JsonSchema = {}): JsonSchema {
  return { title, description: toPlainText(markdown), markdownDescription: markdown, ...schema };
}

function toPlainText(markdown: string): string {
  return markdown
    .replace(/```yaml\n/g, 'Example:\n')
    .replace(/\n?```/g, '')
    .replace(/`/g, "'")
    .replace(/\*\*/g, '');
}

/** A markdown paragraph followed by a YAML example block. */
export function withExample(markdown: string, example: string): string {
  return `${markdown}\n\n\`\`\`yaml\n${example}\n\`\`\``;
}

/** `{type: 'string', minLength: 1}` documented. */
export function text(title: string, markdown: string, extra: JsonSchema = {}): JsonSchema {
  return documented(title, markdown, { type: 'string', ...extra });
}

/** A list of non-empty texts, documented, with documented items. */
export function textList(
  title: string,
  markdown: string,
  itemTitle: string,
  itemMarkdown: string,
): JsonSchema {
  return documented(title, markdown, {
    type: 'array',
    items: text(itemTitle, itemMarkdown, { minLength: 1 }),
  });
}

/**
 * A mapping from keys to text values, documented. With `keyName` (what a key
 * is, as in "a variable name"), an empty key is refused: map-ajv-errors.ts
 * names the key by that title.
 */
export function textMap(
  title: string,
  markdown: string,
  valueTitle: string,
  valueMarkdown: string,
  keyName?: string,
): JsonSchema {
  return documented(title, markdown, {
    type: 'object',
    ...(keyName === undefined ? {} : { propertyNames: { title: keyName, minLength: 1 } }),
    additionalProperties: text(valueTitle, valueMarkdown),
  });
}
