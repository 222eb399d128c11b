import { findSwallowedEvents, type SwallowedEvents } from '../../rules/check/swallowed/find-swallowed-events';
import type { LoadedRuleset } from '../../rules/spec';
import type { FilterListName } from './derived-filter';

/** The file of the rule that stands for the derived filter: no file of a pack can have this name. */
const DERIVED_FILE = '\u0000derived filter';

export interface EntriesToCheck {
  events_to_ignore: readonly string[];
  keys_to_ignore: readonly string[];
}

/**
 * What `validate` (FILTER_DROPS_LISTENED_EVENT) would warn about if the pack set these entries by hand, by
 * asking the same analysis about a rule that sets them on `firstEvents` (as validate does, it spares a
 * rule waiting for the event that set the filter: that event was sent). No first events: the rule has no
 * `on:`, and no rule is spared. Findings by `list entry`.
 */
export function findSwallowedByEntries(
  rulesets: readonly LoadedRuleset[],
  knownEvents: readonly string[],
  entries: EntriesToCheck,
  firstEvents: readonly string[],
): Map<string, SwallowedEvents[]> {
  const derived: LoadedRuleset = {
    file: DERIVED_FILE,
    spec: {
      ruleset: 'derived-filter',
      rules: [
        {
          id: 'derived-filter',
          ...(firstEvents.length > 0 && { on: [...firstEvents] }),
          then: {
            filter: {
              events_to_ignore: [...entries.events_to_ignore],
              keys_to_ignore: [...entries.keys_to_ignore],
            },
          },
        },
      ],
    },
    locate: () => undefined,
  };
  const byEntry = new Map<string, SwallowedEvents[]>();
  for (const finding of findSwallowedEvents([...rulesets, derived], knownEvents)) {
    if (finding.setter.file !== DERIVED_FILE) continue;
    const key = entryKey(finding.list, finding.entry);
    const group = byEntry.get(key);
    if (group === undefined) byEntry.set(key, [finding]);
    else group.push(finding);
  }
  return byEntry;
}

export function entryKey(list: FilterListName, entry: string): string {
  return `${list}\u0000${entry}`;
}
