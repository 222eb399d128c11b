import type { JsonSchema } from './schema-doc';
import { isTextSchema } from './text-positions';

/** What an editor may see where a file expects text: the YAML scalars the loader takes as written. */
const TEXT_AS_WRITTEN = ['string', 'number', 'boolean'];

/**
 * The schema shipped for editors, from the one the validator compiles. Where the schema expects text
 * (findTextPositions), the loader turns a YAML number or boolean into its source text before validating,
 * so the validator's schema says `string` there; an editor validates the YAML as written, so the shipped
 * schema must accept those scalars too. Every text schema becomes `type: [string, number, boolean, ...]`
 * (its `minLength`, `pattern` and `enum` still apply to text); nothing else changes.
 */
export function toEditorSchema(schema: JsonSchema): JsonSchema {
  return rewrite(schema) as JsonSchema;
}

function rewrite(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewrite);
  if (typeof node !== 'object' || node === null) return node;
  const copy: JsonSchema = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, rewrite(value)]),
  );
  if (isTextSchema(copy)) copy.type = widenType(copy.type);
  return copy;
}

function widenType(type: unknown): string[] {
  const types = Array.isArray(type) ? (type as string[]) : [String(type)];
  return [...TEXT_AS_WRITTEN, ...types.filter((t) => !TEXT_AS_WRITTEN.includes(t))];
}
