import type { SpecPath } from '../spec';
import { buildCatalogSchema } from './catalog-schema';
import { buildRulesSchema } from './rules-schema';
import { findTextPositions } from './text-positions';

let rulePositions: ((path: SpecPath) => boolean) | undefined;
let catalogPositions: ((path: SpecPath) => boolean) | undefined;

/** Where a rule file expects text, for parseYaml: the text schemas of schema/rules.schema.json. */
export function isRuleStringPosition(path: SpecPath): boolean {
  rulePositions ??= findTextPositions(buildRulesSchema());
  return rulePositions(path);
}

/** Where a catalog expects text (everything but `required` flags), for parseYaml. */
export function isCatalogStringPosition(path: SpecPath): boolean {
  catalogPositions ??= findTextPositions(buildCatalogSchema());
  return catalogPositions(path);
}
