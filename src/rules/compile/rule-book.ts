import { isGlob } from '../../glob';
import type { LoadedRuleset } from '../spec';
import { compileRuleset } from './compile-ruleset';
import type { CompiledRule, CompiledRuleset } from './compiled-rule';
import { buildRuleProgram, type RuleProgram } from './rule-program';
import { ChangedGlobs } from './changed-globs';

/** The rules of one ruleset that can apply to one event name, in evaluation order. */
export interface PlannedRuleset {
  ruleset: CompiledRuleset;
  rules: readonly CompiledRule[];
  /** `rules` laid out for evaluation (rule-program.ts). */
  program: RuleProgram;
}

/** Everything that can apply to one event name, rulesets in load order. */
export type EventPlan = readonly PlannedRuleset[];

/** Plans cached for names no rule names exactly; bounded because event names come from the wire. */
const MAX_CACHED_PLANS = 10_000;

/**
 * Slots of all cached plans' programs, at most (~8 bytes each). Each plan copies
 * the open rules that match its name, so a few thousand names written in `on`
 * next to a few thousand rules without `on` would otherwise need gigabytes.
 */
const MAX_CACHED_SLOTS = 4_000_000;

/** Work (open rules tried against a name, plus program slots) spent planning names at load time, at most. */
const MAX_PREPLANNING_WORK = 4_000_000;

/** A ruleset's rules split by how they select events, each list in evaluation order. */
interface RulesetIndex {
  ruleset: CompiledRuleset;
  /** Rules naming the event exactly in `on`, by name. */
  byName: Map<string, CompiledRule[]>;
  /** Rules without `on`, or with a glob in it: the only ones a name nobody wrote can reach. */
  open: CompiledRule[];
  /** Position of each rule in `ruleset.rules`, to merge the two lists back into evaluation order. */
  rank: Map<CompiledRule, number>;
}

function indexRuleset(ruleset: CompiledRuleset): RulesetIndex {
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
function planRuleset(index: RulesetIndex, name: string): CompiledRule[] {
  const exact = index.byName.get(name) ?? [];
  const open = index.open.filter((rule) => rule.matchesEvent(name));
  if (open.length === 0) return exact;
  if (exact.length === 0) return open;
  return [...new Set([...exact, ...open])].sort(
    (a, b) => (index.rank.get(a) ?? 0) - (index.rank.get(b) ?? 0),
  );
}

/**
 * All loaded rules, compiled, indexed by event name: the cost of an event is
 * that of the rules that can apply to it, not of all rules. Plans for every
 * name written in an `on` are built at load time from the exact-name index
 * plus the open rules (no `on`, or a glob); any other name can only reach open
 * rules, so its plan is built from those alone, once, and cached. Planning and
 * caching are bounded (above): past the bounds, a plan is built per event,
 * which costs what evaluating without the index would, and keeps no memory.
 */
export class RuleBook {
  readonly rulesets: readonly CompiledRuleset[];
  /** `ruleset/rule` ids of the `once` rules, which the session must remember once fired. */
  readonly onceRules: ReadonlySet<string>;
  /** The globs of `changed` conditions, whose variables the session fingerprints. */
  readonly changedGlobs: ChangedGlobs;
  private readonly indexes: readonly RulesetIndex[];
  private readonly plans = new Map<string, EventPlan>();
  /** Names some rule writes exactly in `on`: the unnamed plan never applies to them. */
  private readonly exactNames = new Set<string>();
  /** With no glob anywhere, every name nobody wrote gets this same plan (rules without `on`). */
  private readonly unnamedPlan: EventPlan | undefined;
  private cachedOnDemand = 0;
  private cachedSlots = 0;

  constructor(rulesets: readonly CompiledRuleset[], knownEventNames: Iterable<string> = []) {
    this.rulesets = rulesets;
    this.onceRules = new Set(
      rulesets.flatMap((rs) => rs.rules.filter((r) => r.once).map((r) => r.qualifiedId)),
    );
    this.changedGlobs = new ChangedGlobs([...new Set(rulesets.flatMap((rs) => rs.changedGlobs))]);
    this.indexes = rulesets.map(indexRuleset);
    for (const index of this.indexes) for (const name of index.byName.keys()) this.exactNames.add(name);
    const anyGlob = this.indexes.some((i) => i.open.some((rule) => rule.on !== undefined));
    this.unnamedPlan = anyGlob ? undefined : this.buildPlan('').plan;
    let work = 0;
    for (const name of new Set([...knownEventNames, ...this.exactNames])) {
      if (work > MAX_PREPLANNING_WORK || this.cachedSlots > MAX_CACHED_SLOTS) break;
      const built = this.buildPlan(name);
      work += built.work;
      this.cache(name, built.plan, built.slots);
    }
  }

  static compile(loaded: readonly LoadedRuleset[], knownEventNames?: Iterable<string>): RuleBook {
    return new RuleBook(loaded.map(compileRuleset), knownEventNames);
  }

  get ruleCount(): number {
    return this.rulesets.reduce((n, rs) => n + rs.rules.length, 0);
  }

  planFor(eventName: string): EventPlan {
    const cached = this.plans.get(eventName);
    if (cached !== undefined) return cached;
    if (this.unnamedPlan !== undefined && !this.exactNames.has(eventName)) return this.unnamedPlan;
    const { plan, slots } = this.buildPlan(eventName);
    if (this.cachedOnDemand < MAX_CACHED_PLANS && this.cache(eventName, plan, slots)) this.cachedOnDemand++;
    return plan;
  }

  /** Keeps a plan while the slot budget lasts; true when kept. */
  private cache(eventName: string, plan: EventPlan, slots: number): boolean {
    if (this.cachedSlots + slots > MAX_CACHED_SLOTS) return false;
    this.cachedSlots += slots;
    this.plans.set(eventName, plan);
    return true;
  }

  /** The plan for a name, with its size in program slots and the work building it took. */
  private buildPlan(eventName: string): { plan: EventPlan; slots: number; work: number } {
    const plan: PlannedRuleset[] = [];
    let slots = 0;
    let work = 0;
    for (const index of this.indexes) {
      const rules = planRuleset(index, eventName);
      work += index.open.length;
      if (rules.length === 0) continue;
      const program = buildRuleProgram(rules);
      slots += program.length;
      plan.push({ ruleset: index.ruleset, rules, program });
    }
    return { plan, slots, work: work + slots };
  }
}
