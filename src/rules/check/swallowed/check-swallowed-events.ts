import { createDiagnostic } from '../../../diagnostics/create-diagnostic';
import type { Diagnostic, RelatedLocation } from '../../../diagnostics/diagnostic';
import { formatNameList } from '../../../diagnostics/list-names';
import type { LoadedRuleset } from '../../spec';
import { findSwallowedEvents, type PackRule, type SwallowedEvents } from './find-swallowed-events';

/**
 * `FILTER_DROPS_LISTENED_EVENT`, across the files of a pack: one warning per filter entry that can drop
 * events some rule waits for, at the entry, naming those rules and their events and saying from when the
 * filter holds. The analysis is findSwallowedEvents; this only words it.
 */
export function checkSwallowedEvents(
  rulesets: readonly LoadedRuleset[],
  catalogEvents?: readonly string[],
): Diagnostic[] {
  const byEntry = new Map<string, SwallowedEvents[]>();
  for (const finding of findSwallowedEvents(rulesets, catalogEvents)) {
    const { setter, list, entryIndex } = finding;
    const key = `${setter.file}\u0000${setter.ruleset}\u0000${setter.index}\u0000${list}\u0000${entryIndex}`;
    const group = byEntry.get(key);
    if (group === undefined) byEntry.set(key, [finding]);
    else group.push(finding);
  }
  const sourceOf = (rule: PackRule) =>
    rulesets.find((r) => r.file === rule.file && r.spec.ruleset === rule.ruleset);
  return [...byEntry.values()].map((findings) => {
    const first = findings[0] as SwallowedEvents;
    const { setter, list, entryIndex, listener } = first;
    const range = sourceOf(setter)?.locate(['rules', setter.index, 'then', 'filter', list, entryIndex]);
    const listenerAt = sourceOf(listener)?.locate(['rules', listener.index, listener.on ? 'on' : 'id']);
    const related: RelatedLocation | undefined = listenerAt && {
      file: listener.file,
      range: listenerAt,
      message: `rule ${listener.qualifiedId} waits here`,
    };
    return createDiagnostic('FILTER_DROPS_LISTENED_EVENT', setter.file, describe(findings), {
      range,
      related,
    });
  });
}

const eventsOf = (finding: SwallowedEvents) =>
  finding.events.length === 0 ? 'any event' : formatNameList(finding.events, 6);

/** When the filter starts to hold: after the setter fires, on its events. */
function describeStart(setter: PackRule): string {
  const on = setter.on === undefined ? 'any event' : formatNameList(setter.on, 6);
  return `from the event after rule ${setter.qualifiedId} fires (on ${on})`;
}

function describe(findings: readonly SwallowedEvents[]): string {
  const { list, entry, setter, listener } = findings[0] as SwallowedEvents;
  const start = describeStart(setter);
  const missed = list === 'events_to_ignore' ? 'never run on them after that' : 'miss such events';
  const waiting =
    findings.length === 1
      ? `rule ${listener.qualifiedId} waits for ${eventsOf(findings[0] as SwallowedEvents)} and ${list === 'events_to_ignore' ? 'never runs on it after that' : 'misses such events'}`
      : `rules wait for them and ${missed}: ${formatNameList(
          findings.map((f) => `${f.listener.qualifiedId} (${eventsOf(f)})`),
          6,
        )}`;
  if (list === 'events_to_ignore') {
    const events = [...new Set(findings.flatMap((f) => f.events))];
    return `the filter entry '${entry}' (events_to_ignore) stops every ${formatNameList(events, 6)} event ${start}; ${waiting}`;
  }
  return (
    `the filter entry '${entry}' (keys_to_ignore) stops every event whose only changed variables match keys_to_ignore, ${start}; ` +
    `${waiting}. If the event always changes a variable of its own, require it in the rule's condition ({ changed: NAME }); otherwise narrow the entry`
  );
}
