import { matchesFilterEntry } from '../../filter/filter-entry';
import { overlapsEntry } from '../../rules/check/swallowed/entry-overlap';
import { listRuleReads, type VariableRead } from './collect-reads';
import type { DeriveRule } from './pack-rules';

/** One distinct read of the pack, with every rule that makes it. */
export interface PackRead {
  read: VariableRead;
  rules: DeriveRule[];
}

/**
 * The pack's reads, each distinct read once: a pack of thousands of rules reads a few hundred names, so
 * asking which reads a filter entry touches costs the distinct reads, not the rules.
 */
export function indexReads(rules: readonly DeriveRule[]): PackRead[] {
  const index = new Map<string, PackRead>();
  for (const rule of rules) {
    for (const read of listRuleReads(rule)) {
      // A `when` is one read per ruleset: the reason names the ruleset.
      const where = read.inWhen ? `when ${rule.ruleset.ruleset}` : '';
      const key = `${read.kind}\u0000${where}\u0000${read.name}`;
      const known = index.get(key);
      if (known === undefined) index.set(key, { read, rules: [rule] });
      else if (known.rules[known.rules.length - 1] !== rule) known.rules.push(rule);
    }
  }
  return [...index.values()];
}

/**
 * The reads a `keys_to_ignore` entry touches: a name it matches, or a `changed` glob that can match some
 * name it matches (`*Seconds` and `audio.*` can both take `audio.netSeconds`).
 */
export function findReadsOf(reads: readonly PackRead[], entry: string): PackRead[] {
  return reads.filter(({ read }) =>
    read.kind === 'changed' ? overlapsEntry(read.name, entry) : matchesFilterEntry(entry, read.name),
  );
}
