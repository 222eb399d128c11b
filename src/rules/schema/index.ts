export { buildRulesSchema } from './rules-schema';
export { buildCatalogSchema } from './catalog-schema';
export { CONDITION_KINDS } from './condition-schema';
export { validateCatalogSchema, validateRulesSchema } from './validate-schema';
export type { JsonSchema } from './schema-doc';
export { createSchemaValidator } from './create-schema-validator';
export { documented, text, textList, textMap, withExample, DRAFT_2020_12 } from './schema-doc';
