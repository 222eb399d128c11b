import { isGlob } from '../../glob/compile-glob';
import type { CompiledRule, CompiledRuleset } from './compiled-rule';

/** A ruleset's rules split by how they select events, each list in evaluation order. */
export interface RulesetIndex {
  ruleset: CompiledRuleset;
  /** Rules naming the event exactly in `on`, by name. */
  byName: Map<string, CompiledRule[]>;
  /** Rules without `on`, or with a glob in it: the only ones a name nobody wrote can reach. */
  open: CompiledRule[];
  /** Position of each rule in `ruleset.rules`, to merge the two lists back into evaluation order. */
  rank: Map<CompiledRule, number>;
}

export function indexRuleset(ruleset: CompiledRuleset): RulesetIndex {
  const index: RulesetIndex = { ruleset, byName: new Map(), open: [], rank: new Map() };
  ruleset.rules.forEach((rule, position) => {
    index.rank.set(rule, position);
    if (rule.on === undefined) return void index.open.push(rule);
    let hasGlob = false;
    for (const pattern of rule.on) {
      if (isGlob(pattern)) hasGlob = true;
      else {
        const list = index.byName.get(pattern) ?? [];
        if (list[list.length - 1] !== rule) list.push(rule);
        index.byName.set(pattern, list);
      }
    }
    if (hasGlob) index.open.push(rule);
  });
  return index;
}

/** The rules of one ruleset for `name`: its exact rules merged with the open rules that match, in order. */
export function selectRules(index: RulesetIndex, name: string): CompiledRule[] {
  const exact = index.byName.get(name) ?? [];
  const open = index.open.filter((rule) => rule.matchesEvent(name));
  if (open.length === 0) return exact;
  if (exact.length === 0) return open;
  return [...new Set([...exact, ...open])].sort(
    (a, b) => (index.rank.get(a) ?? 0) - (index.rank.get(b) ?? 0),
  );
}
