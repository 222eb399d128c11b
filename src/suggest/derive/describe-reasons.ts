import { formatNameList } from '../../diagnostics/list-names';
import type { SwallowedEvents } from '../../rules/check/swallowed/find-swallowed-events';
import type { PackRead } from './read-index';
import type { DeriveRule } from './pack-rules';

/** Names for a sentence: "A", "A or B", "A, B or C", at most `max` then how many more. */
export function listWithOr(names: readonly string[], max = 6): string {
  if (names.length <= 1) return names.join('');
  if (names.length > max) return formatNameList(names, max);
  return `${names.slice(0, -1).join(', ')} or ${names[names.length - 1] as string}`;
}

/** "rule a/b, with no `on:`," or "rules a/b (no `on:`), c/d": the subject of a sentence. */
export function nameRules(rules: readonly DeriveRule[], max = 6): string {
  const [only] = rules;
  if (rules.length === 1 && only !== undefined)
    return `rule ${only.qualifiedId}${only.on === undefined ? ', with no `on:`,' : ''}`;
  const ids = rules.map((rule) => `${rule.qualifiedId}${rule.on === undefined ? ' (no `on:`)' : ''}`);
  return `rules ${formatNameList(ids, max)}`;
}

const verb = (rules: readonly unknown[], one: string, many: string) => (rules.length === 1 ? one : many);

/**
 * Why an entry is not derived because rules read what it would drop: per variable (or `changed` glob),
 * the rules reading it and where, the reads of a ruleset's `when` on their own.
 */
export function describeReads(reads: readonly PackRead[], max = 4): string {
  const byName = new Map<string, { rules: DeriveRule[]; kinds: Set<string>; when?: string }>();
  for (const { read, rules } of reads) {
    const when = read.inWhen ? rules[0]?.ruleset.ruleset : undefined;
    const key = `${when ?? ''}\u0000${read.name}`;
    const known = byName.get(key) ?? {
      rules: [],
      kinds: new Set<string>(),
      ...(when !== undefined && { when }),
    };
    known.rules = [...new Set([...known.rules, ...rules])];
    known.kinds.add(read.kind);
    byName.set(key, known);
  }
  const parts = [...byName.entries()].slice(0, max).map(([key, { rules, kinds, when }]) => {
    const name = key.slice(key.indexOf('\u0000') + 1);
    if (when !== undefined) return `the \`when\` of ruleset ${when} reads ${name}`;
    const where =
      kinds.size > 1
        ? ''
        : kinds.has('changed')
          ? ' in `changed`'
          : kinds.has('template')
            ? ' in a template'
            : '';
    return `${nameRules(rules)} ${verb(rules, 'reads', 'read')} ${name}${where}`;
  });
  const more = byName.size > max ? `; and ${byName.size - max} more` : '';
  return parts.join('; ') + more;
}

/** Why an event name is not derived: rules without `on:` whose conditions do not rule it out. */
export function describeFreeFiring(rules: readonly DeriveRule[], event: string): string {
  return `${nameRules(rules)} can fire on ${event}: ${verb(rules, 'its condition does', 'their conditions do')} not rule that event out`;
}

/** Why a keys entry is not derived: rules without `on:` that need no change to fire. */
export function describeUnguarded(rules: readonly DeriveRule[], entry: string): string {
  return (
    `${nameRules(rules)} ${verb(rules, 'fires', 'fire')} on every event ${verb(rules, 'its condition allows', 'their conditions allow')}, ` +
    `requiring no change: an event changing only ${entry} would no longer reach ${verb(rules, 'it', 'them')}`
  );
}

/** Why a keys entry is not derived under `empty_delta=filtered`: rules that can fire when nothing changed. */
export function describeEmptyDelta(rules: readonly DeriveRule[]): string {
  return (
    `with the engine setting empty_delta=filtered, any keys_to_ignore entry also stops every event that changes nothing, ` +
    `and ${nameRules(rules)} can fire on such an event`
  );
}

/**
 * Why an entry is not derived: what `validate` would warn about if the pack set it by hand, one sentence
 * per kind of finding, the rules named with the events they wait for.
 */
export function describeSwallowed(findings: readonly SwallowedEvents[]): string {
  const [first] = findings;
  if (first === undefined) return '';
  const { list, entry } = first;
  const waiting = (some: readonly SwallowedEvents[]) =>
    some.length === 1
      ? `rule ${some[0]?.listener.qualifiedId ?? ''} waits for ${listWithOr(some[0]?.events ?? [])}`
      : `rules ${formatNameList(
          some.map((f) => `${f.listener.qualifiedId} (${listWithOr(f.events, 3)})`),
          6,
        )} wait for events`;
  if (list === 'events_to_ignore') return `${waiting(findings)} that ${entry} would stop`;
  const named = findings.filter((f) => f.events.length > 0);
  const free = findings.filter((f) => f.events.length === 0);
  const them = (some: readonly unknown[]) => verb(some, 'it', 'them');
  const parts: string[] = [];
  if (named.length > 0)
    parts.push(
      `${waiting(named)} and ${verb(named, 'requires', 'require')} no change that the filter keeps: ` +
        `such an event changing only ${entry} would no longer reach ${them(named)}`,
    );
  if (free.length > 0) {
    const rules = free.map((f) => f.listener.qualifiedId);
    parts.push(
      `${verb(free, 'rule', 'rules')} ${formatNameList(rules, 6)}, with no \`on:\`, ${verb(free, 'requires', 'require')} ` +
        `a change that ${entry} can ignore: an event changing only ${entry} would no longer reach ${them(free)}`,
    );
  }
  return parts.join('; ');
}
