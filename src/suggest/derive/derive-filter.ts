import type { EngineModel } from '../../filter/engine-model';
import type { CatalogSpec } from '../../rules/catalog/catalog-spec';
import type { LoadedRuleset } from '../../rules/spec';
import { entryKey, findSwallowedByEntries } from './check-derived-entries';
import { deriveEventGroups } from './derive-events';
import { deriveKeyGroups } from './derive-keys';
import type { SwallowedEvents } from '../../rules/check/swallowed/find-swallowed-events';
import type { DerivedFilter, FilterListName } from './derived-filter';
import { describeSwallowed } from './describe-reasons';
import { describeEventEntry, describeKeyEntry } from './describe-entries';
import { listRuleReads } from './collect-reads';
import type { EventGroup } from './group-events';
import { dropContained, groupVariableNames, type KeyGroup } from './group-variables';
import { listKnownEvents, listKnownVariables } from './known-names';
import { listEnabledRules } from './pack-rules';
import { indexReads } from './read-index';

export interface DeriveInput {
  /** The loaded pack (src/rules/load), as validate and replay load it. */
  rulesets: readonly LoadedRuleset[];
  /** Its catalog, when it has one. */
  catalog?: CatalogSpec | undefined;
  /** Names seen on the recordings, merged with the catalog's: what entries can name. */
  observed: { events: readonly string[]; variables: readonly string[] };
  /** The engine model: with `emptyDelta: 'filtered'` a keys entry also stops events that change nothing. */
  engine: EngineModel;
  /** Keys the engine keeps out of every delta (default `state.*`): no entry is derived for them. */
  automaticKeys?: readonly string[] | undefined;
  /**
   * The events the filter is set in answer to (the first event of each recorded call). A rule waiting for
   * one of them is not taken to miss it through `keys_to_ignore`, as `validate` spares a rule waiting for
   * the event that sets a filter. Absent or empty: the filter may be set on any event, and no rule is spared.
   */
  firstEvents?: readonly string[] | undefined;
}

/**
 * The event filter a pack can afford, from its rules alone (docs/filters.md, "What `suggest-filter`
 * derives, and what it cannot know"): entries that stop only events no enabled rule can fire on, each with
 * its reason, and the entries considered and left out with the rules that need what they would drop. No
 * entry is one `validate` would warn about (FILTER_DROPS_LISTENED_EVENT) if the pack set it. Pure; entries
 * sorted, `events_to_ignore` first. Cost: the known names times the distinct reads and `on:` patterns,
 * plus that analysis (the entries times the rules).
 */
export function deriveFilter(input: DeriveInput): DerivedFilter {
  const rules = listEnabledRules(input.rulesets);
  const knownEvents = listKnownEvents(input.catalog, input.observed.events, rules);
  const events = deriveEventGroups(rules, knownEvents);
  const keys = deriveKeyGroups(
    rules,
    indexReads(rules),
    groupVariableNames(listKnownVariables(input.catalog, input.observed.variables, input.automaticKeys)),
    input.engine,
  );
  const check = (groups: readonly EventGroup[]) =>
    findSwallowedByEntries(
      input.rulesets,
      knownEvents,
      {
        events_to_ignore: groups.map((group) => group.entry),
        keys_to_ignore: keys.groups.map((group) => group.entry),
      },
      input.firstEvents ?? [],
    );
  let eventGroups = events.groups;
  let swallowed = check(eventGroups);
  // A prefix validate objects to (an `on:` glob taking a name no one has seen) falls back to its names.
  const isSplit = (group: EventGroup) =>
    group.prefix !== undefined && swallowed.has(entryKey('events_to_ignore', group.entry));
  if (eventGroups.some(isSplit)) {
    eventGroups = eventGroups.flatMap((group) =>
      isSplit(group) ? group.names.map((name) => ({ entry: name, names: [name] })) : [group],
    );
    swallowed = check(eventGroups);
  }
  const changedReaders = rules.filter((rule) => listRuleReads(rule).some((read) => read.kind === 'changed'));
  const eventEntries = settle('events_to_ignore', eventGroups, swallowed, (group) =>
    describeEventEntry(group as EventGroup, events.freeRules, changedReaders),
  );
  const keyEntries = settle('keys_to_ignore', keys.groups, swallowed, (group) =>
    describeKeyEntry(group as KeyGroup, rules),
  );
  const candidates = [...eventEntries.candidates, ...keyEntries.candidates];
  const rejected = [...events.rejected, ...eventEntries.rejected, ...keys.rejected, ...keyEntries.rejected];
  const tidy = <T extends { list: string; entry: string }>(items: readonly T[]) => [
    ...items.filter((item) => item.list === 'events_to_ignore'),
    ...dropContained(items.filter((item) => item.list === 'keys_to_ignore')),
  ];
  return { candidates: tidy(candidates).sort(byListAndEntry), rejected: tidy(rejected).sort(byListAndEntry) };
}

/** Each entry is derived, or rejected with what `validate` would warn about if the pack set it. */
function settle(
  list: FilterListName,
  groups: readonly (EventGroup | KeyGroup)[],
  swallowed: ReadonlyMap<string, SwallowedEvents[]>,
  reason: (group: EventGroup | KeyGroup) => string,
): DerivedFilter {
  const settled: DerivedFilter = { candidates: [], rejected: [] };
  for (const group of groups) {
    const findings = swallowed.get(entryKey(list, group.entry));
    if (findings === undefined) settled.candidates.push({ list, entry: group.entry, reason: reason(group) });
    else
      settled.rejected.push({
        list,
        entry: group.entry,
        reason: describeSwallowed(findings),
        rules: [...new Set(findings.map((f) => f.listener.qualifiedId))],
      });
  }
  return settled;
}

function byListAndEntry(a: { list: string; entry: string }, b: { list: string; entry: string }): number {
  if (a.list !== b.list) return a.list === 'events_to_ignore' ? -1 : 1;
  return a.entry < b.entry ? -1 : a.entry > b.entry ? 1 : 0;
}
