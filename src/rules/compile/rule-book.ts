import type { LoadedRuleset } from '../spec';
import { ChangedGlobs } from './changed-globs';
import { compileRuleset } from './compile-ruleset';
import type { CompiledRuleset } from './compiled-rule';
import type { CodeGeneration } from './compile-plan-runner';
import type { EventPlan } from './event-plan';
import { PlanCache } from './plan-cache';
import { indexRuleset } from './ruleset-index';

export interface RuleBookOptions {
  /**
   * How plans run (compile-plan-runner.ts): by default in the program loop,
   * then, once an event name's plan is hot, as generated functions where the
   * process allows it; `never` keeps the loop; `always` generates at once.
   */
  codeGeneration?: CodeGeneration | undefined;
}

/**
 * All loaded rules, compiled, indexed by event name: the cost of an event is
 * that of the rules that can apply to it, not of all rules. Plans for every
 * name written in an `on` (and every name known in advance, such as a
 * catalog's events) are built at load time from the exact-name index plus the
 * open rules (no `on`, or a glob); any other name can only reach open rules,
 * and its plan is built on first sight and cached (plan-cache.ts).
 */
export class RuleBook {
  readonly rulesets: readonly CompiledRuleset[];
  /** `ruleset/rule` ids of the `once` rules, which the session must remember once fired. */
  readonly onceRules: ReadonlySet<string>;
  /** The globs of `changed` conditions, whose variables the session fingerprints. */
  readonly changedGlobs: ChangedGlobs;
  /** The event names known at load time: those written in an `on`, and those known in advance (a catalog's). */
  readonly eventNames: ReadonlySet<string>;
  private readonly plans: PlanCache;

  constructor(
    rulesets: readonly CompiledRuleset[],
    knownEventNames: Iterable<string> = [],
    options: RuleBookOptions = {},
  ) {
    this.rulesets = rulesets;
    this.onceRules = new Set(
      rulesets.flatMap((rs) => rs.rules.filter((r) => r.once).map((r) => r.qualifiedId)),
    );
    this.changedGlobs = new ChangedGlobs([...new Set(rulesets.flatMap((rs) => rs.changedGlobs))]);
    this.plans = new PlanCache(rulesets.map(indexRuleset), options.codeGeneration);
    this.eventNames = new Set([...knownEventNames, ...this.plans.writtenNames]);
    this.plans.preplan(this.eventNames);
  }

  static compile(
    loaded: readonly LoadedRuleset[],
    knownEventNames?: Iterable<string>,
    options?: RuleBookOptions,
  ): RuleBook {
    return new RuleBook(loaded.map(compileRuleset), knownEventNames, options);
  }

  get ruleCount(): number {
    return this.rulesets.reduce((n, rs) => n + rs.rules.length, 0);
  }

  planFor(eventName: string): EventPlan {
    return this.plans.planFor(eventName);
  }
}
