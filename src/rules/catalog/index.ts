export type { ActionSpec, Catalog, CatalogSpec, ParameterSpec } from './catalog-spec';
export { parseCatalog, type CatalogParseResult } from './parse-catalog';
export {
  canMatchVariable,
  hasVariableStartingWith,
  isKnownNode,
  isKnownVariable,
  listVariableGlobStarts,
  listVariableNames,
} from './match-catalog';
