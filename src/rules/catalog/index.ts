export type { ActionSpec, Catalog, CatalogSpec, ParameterSpec } from './catalog-spec';
export { parseCatalog, type CatalogParseResult } from './load-catalog';
export { isKnownNode, isKnownVariable, listVariableNames } from './match-catalog';
