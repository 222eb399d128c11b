export { checkRuleset } from './check-ruleset';
export { checkDuplicateRulesets, type RulesetFile } from './check-duplicate-rulesets';
export { checkLoadTotals } from './check-load-totals';
