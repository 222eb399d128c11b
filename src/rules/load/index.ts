export { loadRules, type LoadOptions, type LoadResult } from './load-rules';
export { expandPaths, type ExpandedPath, type FoundFile } from './expand-paths';
export { describeError } from './list-files';
