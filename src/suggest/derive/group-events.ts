/** A group of event names one `events_to_ignore` entry stops: the name itself, or `PREFIX*`. */
export interface EventGroup {
  entry: string;
  /** The known names it stops that no filter of the pack stops already, sorted. */
  names: string[];
  /** Set for a prefix entry: the text before its `*`. */
  prefix?: string;
}

export interface GroupingInput {
  /** The names that qualify and no entry of the pack stops yet, sorted. */
  qualifying: readonly string[];
  /** Every known name (qualifying or not, stopped already or not). */
  known: readonly string[];
  /** Whether no rule can fire on a known name. */
  qualifies(name: string): boolean;
  /** Whether a prefix entry is safe beyond the known names (no rule without `on:` can fire on such a name). */
  prefixAllowed(prefix: string): boolean;
}

/**
 * Groups names into prefix entries at a word boundary (`_`): `HEARTBEAT*` for HEARTBEAT and HEARTBEAT_MEDIA.
 * A prefix is used when it stops at least two qualifying names, every known name it matches qualifies
 * (so it never stops a name a rule needs), and rules without `on:` certainly rule out every name starting
 * with it; the shortest such prefix wins. Other names stay single entries. A prefix is never empty (`*`
 * alone would turn the webhook off).
 */
export function groupEventNames(input: GroupingInput): EventGroup[] {
  const { qualifying } = input;
  const left = new Set(qualifying);
  const groups: EventGroup[] = [];
  for (const name of qualifying) {
    if (!left.has(name)) continue;
    const group = findPrefixGroup(name, left, input) ?? { entry: name, names: [name] };
    for (const member of group.names) left.delete(member);
    groups.push(group);
  }
  return groups;
}

function findPrefixGroup(
  name: string,
  left: ReadonlySet<string>,
  input: GroupingInput,
): EventGroup | undefined {
  const words = name.split('_');
  for (let count = 1; count <= words.length; count++) {
    const word = words.slice(0, count).join('_');
    if (word === '') continue;
    // `HEARTBEAT*` when HEARTBEAT itself is a name; otherwise `CALL_*`, which leaves CALLBACK alone.
    const prefix = left.has(word) ? word : `${word}_`;
    const matched = input.known.filter((known) => known.startsWith(prefix));
    const names = matched.filter((known) => left.has(known)).sort();
    if (names.length < 2 || !matched.every((known) => input.qualifies(known))) continue;
    if (!input.prefixAllowed(prefix)) continue;
    return { entry: `${prefix}*`, names, prefix };
  }
  return undefined;
}
