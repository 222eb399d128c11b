import { encodeEventJson } from '../../contract/event-json';
import { matchesFilterEntry } from '../../filter/filter-entry';
import type { SimulatedEvent } from '../../simulation/simulated-event';
import type { FilterCandidate } from '../derive/derived-filter';

/** What an entry (or the whole filter) stops on the recordings. */
export interface EntrySavings {
  /** Events the engine sent without the filter and no longer sends with it. */
  events: number;
  /** Of the events sent without the filter. */
  sentBefore: number;
  /** events / sentBefore (0 when nothing was sent). */
  share: number;
  /** Bytes of the HTTP binding's JSON bodies of those events, as the engine would have sent them. */
  bytes: number;
}

export interface Savings {
  entries: EntrySavings[];
  total: EntrySavings;
}

/**
 * What the filter saves: every event sent without it (`before`) and not with it (`after`) counts once, for
 * the first entry that matches it in the engine's order (events_to_ignore before keys_to_ignore, each in
 * list order; a keys_to_ignore entry matches when it matches a key of the event's delta).
 */
export function countSavings(
  entries: readonly FilterCandidate[],
  before: readonly (readonly SimulatedEvent[])[],
  after: readonly (readonly SimulatedEvent[])[],
): Savings {
  const ordered = [
    ...entries.filter((e) => e.list === 'events_to_ignore'),
    ...entries.filter((e) => e.list === 'keys_to_ignore'),
  ];
  const counts = new Map(entries.map((e) => [e, { events: 0, bytes: 0 }]));
  const total = { events: 0, bytes: 0 };
  let sentBefore = 0;
  for (const [c, events] of before.entries()) {
    for (const [i, b] of events.entries()) {
      if (!b.sent) continue;
      sentBefore++;
      const a = after[c]![i]!;
      if (a.sent) continue;
      const bytes = Buffer.byteLength(encodeEventJson({ session_variables: b.variables }));
      total.events++;
      total.bytes += bytes;
      const entry = ordered.find((e) =>
        e.list === 'events_to_ignore'
          ? matchesFilterEntry(e.entry, a.event)
          : a.delta.some((key) => matchesFilterEntry(e.entry, key)),
      );
      const count = entry === undefined ? undefined : counts.get(entry);
      if (count === undefined) continue;
      count.events++;
      count.bytes += bytes;
    }
  }
  const shareOf = (n: { events: number; bytes: number }): EntrySavings => ({
    ...n,
    sentBefore,
    share: sentBefore === 0 ? 0 : n.events / sentBefore,
  });
  return { entries: entries.map((e) => shareOf(counts.get(e)!)), total: shareOf(total) };
}
