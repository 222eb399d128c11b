import type { ConditionSpec, LoadedRuleset, RuleSpec, RulesetSpec } from '../../rules/spec';

/** An enabled rule of the pack, with what deriving a filter reads of it and of its ruleset. */
export interface DeriveRule {
  /** `ruleset/rule`. */
  qualifiedId: string;
  spec: RuleSpec;
  ruleset: RulesetSpec;
  /** Its `on:` as a list; undefined: it can fire on every event its condition allows. */
  on: readonly string[] | undefined;
}

/**
 * The rules that can fire, in the order written. A disabled rule never fires, sets no filter and reads
 * nothing (`enable`/`disable` act on the engine's flow nodes, never on rules).
 */
export function listEnabledRules(rulesets: readonly LoadedRuleset[]): DeriveRule[] {
  return rulesets.flatMap(({ spec: ruleset }) =>
    ruleset.rules
      .filter((spec) => spec.enabled !== false)
      .map((spec) => ({
        qualifiedId: `${ruleset.ruleset}/${spec.id}`,
        spec,
        ruleset,
        on: spec.on === undefined ? undefined : typeof spec.on === 'string' ? [spec.on] : spec.on,
      })),
  );
}

/** The rule's ruleset `when` and its `if` as one condition (undefined: it always holds). */
export function combineCondition(rule: DeriveRule): ConditionSpec | undefined {
  const parts = [rule.ruleset.when, rule.spec.if].filter((c): c is ConditionSpec => c !== undefined);
  return parts.length === 2 ? { all: parts } : parts[0];
}

/** The entries of one list that the pack's enabled rules set by hand, `*` alone left out. */
export function listExistingEntries(
  rules: readonly DeriveRule[],
  list: 'events_to_ignore' | 'keys_to_ignore',
): string[] {
  const entries = rules.flatMap((rule) => rule.spec.then.filter?.[list] ?? []);
  return [...new Set(entries.filter((entry) => entry !== '*'))];
}
