import { RuleBook } from '../../src/rules/compile/rule-book';
import type { LoadedRuleset, RulesetSpec } from '../../src/rules/spec';

/** Compiles rulesets written as plain data (already valid), for unit tests of the compiler and evaluator. */
export function buildRuleBook(...specs: RulesetSpec[]): RuleBook {
  const loaded: LoadedRuleset[] = specs.map((spec) => ({
    file: `${spec.ruleset}.yaml`,
    spec,
    locate: () => undefined,
  }));
  return RuleBook.compile(loaded);
}
