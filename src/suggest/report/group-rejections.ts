import type { RejectedCandidate } from '../derive/derived-filter';

/** Rejected entries of one list whose reasons are the same sentence but for the entry itself. */
export interface RejectionGroup {
  list: RejectedCandidate['list'];
  entries: string[];
  reason: string;
}

const ENTRY = '\u0000';

/**
 * Groups the rejections a person reads as one: in a pack whose rules wait for events by name, every
 * keys entry is refused for the same rules, and a list repeating them per entry buries the few reasons
 * that differ. Groups keep the order of their first entry; a group of one reads exactly as its reason.
 */
export function groupRejections(rejected: readonly RejectedCandidate[]): RejectionGroup[] {
  const groups = new Map<string, RejectionGroup>();
  for (const { list, entry, reason } of rejected) {
    const shape = `${list}${ENTRY}${reason.split(entry).join(ENTRY)}`;
    const group = groups.get(shape);
    if (group) group.entries.push(entry);
    else groups.set(shape, { list, entries: [entry], reason });
  }
  return [...groups.entries()].map(([shape, group]) =>
    group.entries.length === 1
      ? group
      : {
          ...group,
          reason: shape
            .slice(shape.indexOf(ENTRY) + 1)
            .split(ENTRY)
            .join('what one of these entries matches'),
        },
  );
}
