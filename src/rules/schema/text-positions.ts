import type { SpecPath } from '../spec';
import type { JsonSchema } from './schema-doc';

/**
 * A schema of text: `type` is `string`, or a union with `string` but no number or boolean (`on` is a
 * text or a list). `gt`'s `[number, string]` is not: there a YAML number stays a number.
 */
export function isTextSchema(schema: JsonSchema): boolean {
  const types: unknown[] = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes('string') && !types.some((t) => t === 'number' || t === 'integer' || t === 'boolean');
}

/**
 * Where a file of `schema` expects text, for parseYaml: the data path leads, step by step (`properties`,
 * else `additionalProperties`, for a key; `items` for an index; `$ref`s into `$defs` followed), to a text
 * schema (isTextSchema). A YAML number or boolean written there is taken as its source text (`0.10` stays
 * "0.10", `true` stays "true"), because session variables are strings and authors should not have to
 * quote; elsewhere scalars keep their YAML type, and the schema checks it. The schema is the one truth of
 * where text goes: the loader's conversion, the validator and the editors' schema (toEditorSchema) agree.
 */
export function findTextPositions(schema: JsonSchema): (path: SpecPath) => boolean {
  const defs = (schema.$defs ?? {}) as Record<string, JsonSchema>;
  const resolve = (node: unknown): JsonSchema | undefined => {
    let current = asSchema(node);
    // A $ref to a $ref is followed a few times only, so that a loop in a schema cannot hang the loader.
    for (let hops = 0; hops < 8 && typeof current?.$ref === 'string'; hops++)
      current = asSchema(defs[current.$ref.replace(/^#\/\$defs\//, '')]);
    return current;
  };
  return (path) => {
    let node = resolve(schema);
    for (const step of path) {
      if (node === undefined) return false;
      if (typeof step === 'number') node = resolve(node.items);
      else {
        const properties = asSchema(node.properties);
        const own = properties && Object.prototype.hasOwnProperty.call(properties, step);
        node = resolve(own ? properties[step] : node.additionalProperties);
      }
    }
    return node !== undefined && isTextSchema(node);
  };
}

function asSchema(value: unknown): JsonSchema | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as JsonSchema)
    : undefined;
}

/**
 * findTextPositions of the schema `build` makes, built on the first question and kept: each file kind's
 * loader asks it for every scalar, and the schema is built once per process.
 */
export function cacheTextPositions(build: () => JsonSchema): (path: SpecPath) => boolean {
  let positions: ((path: SpecPath) => boolean) | undefined;
  return (path) => (positions ??= findTextPositions(build()))(path);
}
