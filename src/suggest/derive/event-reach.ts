import { CURRENT_EVENT_KEY } from '../../contract/types';
import { asRecord } from '../../rules/check/check-context';
import { foldCondition, type FoldContext } from '../../rules/check/never-holds/fold-condition';
import { readLeaf } from '../../rules/check/never-holds/leaf-requirement';
import { addRequirement, Facts } from '../../rules/check/never-holds/variable-facts';
import type { SpecPath } from '../../rules/spec';
import type { DeriveRule } from './pack-rules';

/** An event name, or every name starting with a prefix (what an entry `PREFIX*` stops). */
export type EventTest = { name: string } | { prefix: string };

/** Steps per condition, as `validate` allows for its own reading of conditions; past them, "can fire". */
const STEPS = 2_000;

/**
 * For a rule without `on:`: whether it can fire on an event, as far as its ruleset's `when` and its `if`
 * say. The answer is "no" only when they certainly rule the event out (a test of `state.currentEvent` that
 * no such name passes), by the same reading of conditions as `CONDITION_NEVER_HOLDS`; whatever it cannot
 * decide (`matches`, a `not` of an `any`, a condition that never holds at all) counts as "can fire".
 */
export function createEventReach(rule: DeriveRule): (test: EventTest) => boolean {
  const facts = new Facts();
  const context: FoldContext = {
    lists: asRecord(rule.ruleset.lists),
    conditions: asRecord(rule.ruleset.conditions),
    neverHolds: () => false,
    expanding: new Set(),
    steps: STEPS,
    depth: 0,
    found: [],
  };
  const fold = (value: unknown, path: SpecPath, part: 'when' | 'if') =>
    foldCondition(value, facts, { path, anchor: path, part }, context) !== undefined;
  if (fold(rule.ruleset.when, ['when'], 'when') || fold(rule.spec.if, ['if'], 'if')) return () => true;
  return (test) => {
    const leaf =
      'name' in test
        ? { var: CURRENT_EVENT_KEY, equals: test.name }
        : { var: CURRENT_EVENT_KEY, starts_with: test.prefix };
    const requirement = readLeaf(leaf, false, undefined, { path: [], anchor: [], part: 'on' });
    return requirement === undefined || addRequirement(facts.branch(), requirement) === undefined;
  };
}
