export type {
  ActionSpec,
  AllowedValue,
  Catalog,
  CatalogSpec,
  ParameterSpec,
  VariableDeclaration,
  VariableKind,
} from './catalog-spec';
export { checkDeclaredValue, describeKind, findDeclaration, type ValueVerdict } from './declared-values';
export { parseCatalog, type CatalogParseResult } from './parse-catalog';
export {
  canMatchVariable,
  hasVariableStartingWith,
  isKnownNode,
  isKnownVariable,
  listVariableGlobStarts,
  listVariableNames,
} from './match-catalog';
