import { LRUCache } from 'lru-cache';
import type { CompiledRule } from './compiled-rule';
import { attachPlanRunner, type CodeGeneration } from './compile-plan-runner';
import type { EventPlan, PlannedRuleset } from './event-plan';
import { buildRuleProgram } from './rule-program';
import { SharedValues } from './shared-values';
import { selectRules, type RulesetIndex } from './ruleset-index';

/**
 * Slots of the programs of the plans built at load time, at most (~8 bytes
 * each). Each plan copies the rules its name reaches, so a few thousand names
 * written in `on` next to a few thousand rules without `on` could otherwise
 * need gigabytes (plans reaching the same rules are shared, and counted once).
 */
const MAX_WRITTEN_SLOTS = 4_000_000;

/** Work (open rules tried against a name, plus program slots) spent planning names at load time, at most. */
const MAX_PREPLANNING_WORK = 4_000_000;

/**
 * The on-demand caches, for names nobody wrote (they come from the wire): at
 * most this many names remembered, and this many distinct plans, least
 * recently used first out. lru-cache allocates its arrays for `max` entries
 * up front, hence modest counts; sizes are bounded apart, in slots.
 */
const MAX_NAMES = 4_096;
const MAX_PLANS = 1_024;
/** Slots of the programs of the plans built on demand, at most; keys count one slot per 8 characters. */
const MAX_ON_DEMAND_SLOTS = 4_000_000;
/** Characters of the keys remembered per name (one slot per 8 characters), at most. */
const MAX_NAME_KEY_SLOTS = 1_000_000;

/** The rules a name reaches, per ruleset, and a key that is equal exactly when the rules are. */
interface Selection {
  rules: (readonly CompiledRule[])[];
  key: string;
  /** Open rules tried: the cost of selecting. */
  work: number;
}

/**
 * Plans by event name. Names written in an `on` (and names known in advance)
 * are planned at load time and kept. A name nobody wrote can only reach open
 * rules (no `on`, or a glob): its plan is cached by which rules it reaches, so
 * every name reaching the same rules shares one plan, and names are remembered
 * apart, least recently used first out. Clients choose names, so no number of
 * them can evict the plans in use for good: a name reaching cached rules finds
 * their plan after matching the open rules once, and a name in use stays
 * remembered. Past the bounds a plan is built per event, which costs what
 * evaluating without the index would, and keeps no memory.
 */
export class PlanCache {
  private readonly written = new Map<string, EventPlan>();
  private readonly names = new LRUCache<string, string>({
    max: MAX_NAMES,
    maxSize: MAX_NAME_KEY_SLOTS,
    sizeCalculation: (rulesKey, name) => 1 + ((rulesKey.length + name.length) >>> 3),
  });
  private readonly plans = new LRUCache<string, EventPlan>({
    max: MAX_PLANS,
    maxSize: MAX_ON_DEMAND_SLOTS,
    sizeCalculation: (plan, key) => 1 + countSlots(plan) + (key.length >>> 3),
  });

  /** Names some rule writes exactly in `on`: the unnamed plan never applies to them. */
  private readonly exactNames = new Set<string>();
  /** With no glob anywhere, every name nobody wrote gets this same plan (rules without `on`). */
  private readonly unnamedPlan: EventPlan | undefined;

  /** One copy of each operand and text for all the programs (shared-values.ts). */
  private readonly shared = new SharedValues();

  /** `codeGeneration`: how plans run (compile-plan-runner.ts). */
  constructor(
    private readonly indexes: readonly RulesetIndex[],
    private readonly codeGeneration?: CodeGeneration,
  ) {
    for (const index of indexes) for (const name of index.byName.keys()) this.exactNames.add(name);
    const anyGlob = indexes.some((i) => i.open.some((rule) => rule.on !== undefined));
    this.unnamedPlan = anyGlob ? undefined : this.build(this.select(''));
  }

  /** Names some rule writes exactly in `on`. */
  get writtenNames(): ReadonlySet<string> {
    return this.exactNames;
  }

  /** Plans the names at load time, within MAX_PREPLANNING_WORK and MAX_WRITTEN_SLOTS; the rest are planned on demand. */
  preplan(names: Iterable<string>): void {
    const shared = new Map<string, EventPlan>();
    let work = 0;
    let slots = 0;
    for (const name of names) {
      if (work > MAX_PREPLANNING_WORK) break;
      const selection = this.select(name);
      work += selection.work;
      let plan = shared.get(selection.key);
      if (plan === undefined) {
        plan = this.build(selection);
        const size = countSlots(plan);
        work += size;
        if (slots + size > MAX_WRITTEN_SLOTS) continue;
        slots += size;
        shared.set(selection.key, plan);
      }
      this.written.set(name, plan);
    }
  }

  /** The plan of any name: cached, or built (and cached within the bounds). */
  planFor(name: string): EventPlan {
    const written = this.written.get(name);
    if (written !== undefined) return written;
    if (this.unnamedPlan !== undefined && !this.exactNames.has(name)) return this.unnamedPlan;
    const known = this.names.get(name);
    const cached = known === undefined ? undefined : this.plans.get(known);
    if (cached !== undefined) return cached;
    const selection = this.select(name);
    let plan = this.plans.get(selection.key);
    if (plan === undefined) {
      plan = this.build(selection);
      this.plans.set(selection.key, plan);
    }
    this.names.set(name, selection.key);
    return plan;
  }

  private select(name: string): Selection {
    const rules: (readonly CompiledRule[])[] = [];
    let key = '';
    let work = 0;
    this.indexes.forEach((index, i) => {
      const selected = selectRules(index, name);
      work += index.open.length;
      rules.push(selected);
      if (selected.length > 0) key += `${i}:${selected.map((rule) => index.rank.get(rule)).join(',')};`;
    });
    return { rules, key, work };
  }

  private build(selection: Selection): EventPlan {
    const plan: PlannedRuleset[] = [];
    selection.rules.forEach((rules, i) => {
      if (rules.length > 0)
        plan.push({
          ruleset: this.indexes[i]!.ruleset,
          rules,
          program: buildRuleProgram(rules, this.shared),
        });
    });
    return attachPlanRunner(plan, this.shared, this.codeGeneration);
  }
}

function countSlots(plan: EventPlan): number {
  let slots = 0;
  for (const planned of plan) slots += planned.program.length;
  return slots;
}
