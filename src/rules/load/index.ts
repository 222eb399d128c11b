export { loadRules, type LoadOptions } from './load-rules';
export { loadRuleSnapshot, type LoadResult } from './load-rule-snapshot';
export { createLoadCache, type LoadCache } from './load-cache';
export { readRuleSnapshot, type ReadOptions } from './read-rule-snapshot';
export { computeRuleRevision, type RuleSnapshot, type RuleSource } from './rule-snapshot';
export { shortenRevision } from '../../contract/rule-revision';
export { expandPaths, type ExpandedPath, type FoundFile } from './expand-paths';
export { describeError } from './list-files';
export { readSource, type SourceRead } from './read-source';
