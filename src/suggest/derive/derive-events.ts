import { matchesFilterEntry } from '../../filter/filter-entry';
import { takesEvent } from '../../rules/check/swallowed/entry-overlap';
import type { RejectedCandidate } from './derived-filter';
import { describeFreeFiring } from './describe-reasons';
import { createEventReach } from './event-reach';
import { groupEventNames, type EventGroup } from './group-events';
import { listExistingEntries, type DeriveRule } from './pack-rules';

export interface EventDerivation {
  /** Entries no rule can fire on, before the check `validate` would make of them. */
  groups: EventGroup[];
  rejected: RejectedCandidate[];
  /** How many rules have no `on:`: for the reasons. */
  freeRules: number;
}

/**
 * The `events_to_ignore` entries the rules allow: known names no rule's `on:` takes and no rule without
 * `on:` can fire on, grouped by prefix where that is safe. A name some `on:` takes is needed and goes
 * unmentioned; a name only rules without `on:` need is rejected with them (that is the plausible
 * mistake). Names a filter of the pack stops already are not considered.
 */
export function deriveEventGroups(rules: readonly DeriveRule[], known: readonly string[]): EventDerivation {
  const existing = listExistingEntries(rules, 'events_to_ignore');
  const patterns = [...new Set(rules.flatMap((rule) => rule.on ?? []))];
  const free = rules
    .filter((rule) => rule.on === undefined)
    .map((rule) => ({ rule, reach: createEventReach(rule) }));
  const qualifying = new Set<string>();
  const rejected: RejectedCandidate[] = [];
  for (const name of known) {
    if (takesEvent(patterns, name)) continue;
    const firing = free.filter(({ reach }) => reach({ name })).map(({ rule }) => rule);
    if (firing.length === 0) qualifying.add(name);
    else if (!existing.some((entry) => matchesFilterEntry(entry, name)))
      rejected.push({
        list: 'events_to_ignore',
        entry: name,
        reason: describeFreeFiring(firing, name),
        rules: firing.map((rule) => rule.qualifiedId),
      });
  }
  const groups = groupEventNames({
    qualifying: [...qualifying].filter((name) => !existing.some((e) => matchesFilterEntry(e, name))).sort(),
    known,
    qualifies: (name) => qualifying.has(name),
    prefixAllowed: (prefix) => free.every(({ reach }) => !reach({ prefix })),
  });
  return { groups, rejected, freeRules: free.length };
}
