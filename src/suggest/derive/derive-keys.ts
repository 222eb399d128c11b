import { matchesFilterEntry } from '../../filter/filter-entry';
import type { EngineModel } from '../../filter/engine-model';
import { needsSomeChange } from '../../rules/check/swallowed/needed-changes';
import type { RejectedCandidate } from './derived-filter';
import { describeEmptyDelta, describeReads, describeUnguarded } from './describe-reasons';
import type { KeyGroup } from './group-variables';
import { combineCondition, listExistingEntries, type DeriveRule } from './pack-rules';
import { findReadsOf, type PackRead } from './read-index';

export interface KeyDerivation {
  /** Entries no rule reads or must see, before the check `validate` would make of them. */
  groups: KeyGroup[];
  rejected: RejectedCandidate[];
}

/**
 * The `keys_to_ignore` entries the rules allow: no rule reads a name the entry matches (a condition's
 * `var`, a `changed` glob that can match one, a template), no rule without `on:` fires without requiring a
 * change (it would miss every event the entry stops: a repeated operation or update is a change of the
 * answers), and, when the engine filters events whose delta is empty, no rule can fire on an event that
 * changes nothing. Rules with `on:` are left to `validate`'s own analysis. An entry the pack already sets,
 * or whose every known name an entry of the pack matches, is not considered.
 */
export function deriveKeyGroups(
  rules: readonly DeriveRule[],
  reads: readonly PackRead[],
  considered: readonly KeyGroup[],
  engine: EngineModel,
): KeyDerivation {
  const existing = listExistingEntries(rules, 'keys_to_ignore');
  const needsNothing = rules.filter(
    (rule) => !needsSomeChange(combineCondition(rule), rule.ruleset.conditions),
  );
  const unguarded = needsNothing.filter((rule) => rule.on === undefined);
  const onEmptyDelta = engine.emptyDelta === 'filtered' ? needsNothing : [];
  const groups: KeyGroup[] = [];
  const rejected: RejectedCandidate[] = [];
  const reject = (entry: string, reason: string, by: readonly DeriveRule[]) =>
    rejected.push({ list: 'keys_to_ignore', entry, reason, rules: by.map((rule) => rule.qualifiedId) });
  for (const group of considered) {
    const { entry, names } = group;
    if (existing.includes(entry) || names.every((name) => existing.some((e) => matchesFilterEntry(e, name))))
      continue;
    const touched = findReadsOf(reads, entry);
    if (touched.length > 0) reject(entry, describeReads(touched), unique(touched.flatMap((r) => r.rules)));
    else if (unguarded.length > 0) reject(entry, describeUnguarded(unguarded, entry), unguarded);
    else if (onEmptyDelta.length > 0) reject(entry, describeEmptyDelta(onEmptyDelta), onEmptyDelta);
    else groups.push(group);
  }
  return { groups, rejected };
}

function unique(rules: readonly DeriveRule[]): DeriveRule[] {
  return [...new Set(rules)];
}
