export { buildRulesSchema } from './rules-schema';
export { buildCatalogSchema } from './catalog-schema';
export { CONDITION_KINDS } from './condition-schema';
export { validateCatalogSchema, validateRulesSchema } from './validate-schema';
export type { JsonSchema } from './schema-doc';
