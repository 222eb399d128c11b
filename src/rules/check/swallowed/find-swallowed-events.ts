import { DISABLE_ENTRY, matchesFilterEntry } from '../../../filter/filter-entry';
import { isGlob } from '../../../glob/compile-glob';
import type { ConditionSpec, LoadedRuleset, RuleSpec } from '../../spec';
import { listListenedEvents, overlapOfGlob, overlapsEntry, takesEvent } from './entry-overlap';
import { canHoldOnIgnoredChanges, listChangedGlobs, needsSomeChange } from './needed-changes';

/** An enabled rule of the pack, where it is written. */
export interface PackRule {
  file: string;
  ruleset: string;
  id: string;
  /** `ruleset/rule`. */
  qualifiedId: string;
  /** Position in its ruleset's `rules`, as written. */
  index: number;
  /** Its `on:`; undefined: every event. */
  on: readonly string[] | undefined;
}

export type FilterList = 'events_to_ignore' | 'keys_to_ignore';

/** One filter entry a rule sets that can drop events another rule waits for. */
export interface SwallowedEvents {
  list: FilterList;
  entry: string;
  /** Position of the entry in the setter's list. */
  entryIndex: number;
  /** The rule whose `then.filter` holds the entry: the filter applies from the event after it fires. */
  setter: PackRule;
  /** The rule that waits for the events the entry can drop. */
  listener: PackRule;
  /**
   * The events (names, or `on:` globs no catalog event matches) the entry can drop, of those the listener
   * waits for: every one of them for `events_to_ignore`; with `keys_to_ignore`, one whose only changes are
   * variables the filter ignores. Empty: any event (a listener without `on:`, whose condition needs a change
   * the filter ignores).
   */
  events: string[];
}

interface PackEntry {
  rule: PackRule;
  spec: RuleSpec;
  condition: ConditionSpec | undefined;
  conditions: Record<string, ConditionSpec> | undefined;
  /** The events its `on:` names (listListenedEvents); undefined without `on:`. */
  listened: string[] | undefined;
  /** Whether its condition can hold on an event whose every change some `keys_to_ignore` entry ignores. */
  keysCanStop: boolean;
  /** Whether its condition holds only on events that change some variable (needsSomeChange). */
  needsChange: boolean;
}

/**
 * Which filter entries of the pack can drop an event some rule waits for: the analysis behind the
 * `FILTER_DROPS_LISTENED_EVENT` warning (docs/filters.md, "Filters that stop what rules wait for"). Pure: the
 * loaded rulesets (and the catalog's events, to name the events an `on:` glob takes) in, findings out, in
 * the order the entries are written. Disabled rules neither set filters nor wait; `*` alone (which turns
 * the webhook off on purpose) and a rule's own filter are left out. What depends on the listener alone is
 * worked out once per rule, so a pack's cost is its entries times its rules, each pair a few comparisons.
 */
export function findSwallowedEvents(
  rulesets: readonly LoadedRuleset[],
  catalogEvents?: readonly string[],
): SwallowedEvents[] {
  const rules = listPackRules(rulesets, catalogEvents);
  const findings: SwallowedEvents[] = [];
  for (const setter of rules) {
    const filter = setter.spec.then.filter;
    for (const list of ['events_to_ignore', 'keys_to_ignore'] as const) {
      (filter?.[list] ?? []).forEach((entry, entryIndex) => {
        if (entry === DISABLE_ENTRY) return;
        for (const listener of rules) {
          if (listener === setter) continue;
          const events =
            list === 'events_to_ignore'
              ? droppedByName(listener, entry)
              : droppedByKeys(listener, setter, entry);
          if (events !== undefined)
            findings.push({ list, entry, entryIndex, setter: setter.rule, listener: listener.rule, events });
        }
      });
    }
  }
  return findings;
}

function listPackRules(
  rulesets: readonly LoadedRuleset[],
  catalogEvents: readonly string[] | undefined,
): PackEntry[] {
  const ignoredKeys = rulesets.flatMap(({ spec }) =>
    spec.rules.flatMap((rule) =>
      rule.enabled === false
        ? []
        : (rule.then.filter?.keys_to_ignore ?? []).filter((e) => e !== DISABLE_ENTRY),
    ),
  );
  const ignoresAny = (glob: string) => ignoredKeys.some((key) => overlapsEntry(glob, key));
  return rulesets.flatMap(({ file, spec: ruleset }) =>
    ruleset.rules.flatMap((spec, index): PackEntry[] => {
      if (spec.enabled === false) return [];
      const on = spec.on === undefined ? undefined : typeof spec.on === 'string' ? [spec.on] : spec.on;
      const parts = [ruleset.when, spec.if].filter((c): c is ConditionSpec => c !== undefined);
      const condition = parts.length === 2 ? { all: parts } : parts[0];
      const conditions = ruleset.conditions;
      const qualifiedId = `${ruleset.ruleset}/${spec.id}`;
      const rule = { file, ruleset: ruleset.ruleset, id: spec.id, qualifiedId, index, on };
      const listened = on === undefined ? undefined : listListenedEvents(on, catalogEvents);
      const keysCanStop =
        ignoredKeys.length > 0 && canHoldOnIgnoredChanges(condition, ignoresAny, conditions);
      const needsChange = needsSomeChange(condition, conditions);
      return [{ rule, spec, condition, conditions, listened, keysCanStop, needsChange }];
    }),
  );
}

/** `events_to_ignore`: the events named in the listener's `on:` that the entry matches (none without `on:`). */
function droppedByName(listener: PackEntry, entry: string): string[] | undefined {
  if (listener.listened === undefined) return undefined;
  const events = listener.listened.flatMap((name) => {
    const dropped = isGlob(name)
      ? overlapOfGlob(name, entry)
      : matchesFilterEntry(entry, name)
        ? name
        : undefined;
    return dropped === undefined ? [] : [dropped];
  });
  return events.length === 0 ? undefined : [...new Set(events)];
}

/**
 * `keys_to_ignore`: the events the listener waits for, unless its condition cannot hold on an event whose
 * every change the pack's entries ignore, or this entry plays no part in such an event. The events the
 * setter itself fires on are left out: a filter set in answer to an event is there to stop its repeats.
 * A listener without `on:` waits for a state, not an event, and is reported only when its condition
 * needs a change this entry can ignore (then: any event).
 */
function droppedByKeys(listener: PackEntry, setter: PackEntry, entry: string): string[] | undefined {
  const { condition, conditions, listened } = listener;
  if (!listener.keysCanStop || (listened === undefined && !listener.needsChange)) return undefined;
  const involved =
    condition === undefined ||
    canHoldOnIgnoredChanges(condition, (glob) => overlapsEntry(glob, entry), conditions) ||
    listChangedGlobs(condition, conditions).some((glob) => overlapsEntry(glob, entry));
  if (!involved) return undefined;
  if (listened === undefined) return [];
  const setterOn = setter.rule.on;
  const events = setterOn === undefined ? listened : listened.filter((name) => !takesEvent(setterOn, name));
  return events.length === 0 ? undefined : events;
}
