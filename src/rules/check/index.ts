export { checkRuleset } from './check-ruleset';
export { checkDuplicateRulesets, type RulesetFile } from './check-duplicate-rulesets';
