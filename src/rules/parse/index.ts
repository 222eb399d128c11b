export { parseYaml, type ParsedYaml } from './parse-yaml';
export { createLocator, type Locator } from './locate';
