import { buildCatalogSchema } from './catalog-schema';
import { buildRulesSchema } from './rules-schema';
import { cacheTextPositions } from './text-positions';

/** Where a rule file expects text, for parseYaml: the text schemas of schema/rules.schema.json. */
export const isRuleStringPosition = cacheTextPositions(buildRulesSchema);

/** Where a catalog expects text (everything but `required` flags), for parseYaml. */
export const isCatalogStringPosition = cacheTextPositions(buildCatalogSchema);
