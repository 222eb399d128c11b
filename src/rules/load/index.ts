export { loadRules, type LoadOptions, type LoadResult } from './load-rules';
