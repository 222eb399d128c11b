export { checkRuleset } from './check-ruleset';
export { checkDuplicateRulesets, type RulesetFile } from './check-duplicate-rulesets';
export { checkLoadTotals } from './check-load-totals';
export { checkSwallowedEvents } from './swallowed/check-swallowed-events';
export {
  findSwallowedEvents,
  type FilterList,
  type PackRule,
  type SwallowedEvents,
} from './swallowed/find-swallowed-events';
