import type { LoadedRuleset } from '../spec';
import { compileRuleset } from './compile-ruleset';
import type { CompiledRule, CompiledRuleset } from './compiled-rule';

/** The rules of one ruleset that can apply to one event name, in evaluation order. */
export interface PlannedRuleset {
  ruleset: CompiledRuleset;
  rules: readonly CompiledRule[];
}

/** Everything that can apply to one event name, rulesets in load order. */
export type EventPlan = readonly PlannedRuleset[];

/** Plans cached for names no rule names exactly; bounded because event names come from the wire. */
const MAX_CACHED_PLANS = 10_000;

/**
 * All loaded rules, compiled, indexed by event name: the cost of an event is
 * that of the rules that can apply to it, not of all rules. Plans for every
 * name written in an `on` are built at load time; other names (reached only by
 * globs or by rules without `on`) are planned on first sight and cached.
 */
export class RuleBook {
  readonly rulesets: readonly CompiledRuleset[];
  /** `ruleset/rule` ids of the `once` rules, which the session must remember once fired. */
  readonly onceRules: ReadonlySet<string>;
  private readonly plans = new Map<string, EventPlan>();
  private cachedOnDemand = 0;

  constructor(rulesets: readonly CompiledRuleset[], knownEventNames: Iterable<string> = []) {
    this.rulesets = rulesets;
    this.onceRules = new Set(
      rulesets.flatMap((rs) => rs.rules.filter((r) => r.once).map((r) => r.qualifiedId)),
    );
    const names = new Set(knownEventNames);
    for (const rs of rulesets) for (const rule of rs.rules) for (const name of rule.on ?? []) names.add(name);
    for (const name of names) this.plans.set(name, this.buildPlan(name));
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
    const plan = this.buildPlan(eventName);
    if (this.cachedOnDemand < MAX_CACHED_PLANS) {
      this.cachedOnDemand++;
      this.plans.set(eventName, plan);
    }
    return plan;
  }

  private buildPlan(eventName: string): EventPlan {
    const plan: PlannedRuleset[] = [];
    for (const ruleset of this.rulesets) {
      const rules = ruleset.rules.filter((rule) => rule.matchesEvent(eventName));
      if (rules.length > 0) plan.push({ ruleset, rules });
    }
    return plan;
  }
}
