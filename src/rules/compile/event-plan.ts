import type { CompiledRule, CompiledRuleset } from './compiled-rule';
import type { EventView } from './event-view';
import type { ProgramOutput, RuleProgram } from './rule-program';

/** The rules of one ruleset that can apply to one event name, in evaluation order. */
export interface PlannedRuleset {
  ruleset: CompiledRuleset;
  rules: readonly CompiledRule[];
  /** `rules` laid out for the program loop (rule-program.ts). */
  program: RuleProgram;
}

/** Runs a plan's rulesets for one event, writing into `result` (compile-plan-runner.ts). */
export type RunPlan = (
  view: EventView,
  onceFired: ReadonlySet<string> | undefined,
  result: ProgramOutput,
) => void;

/** Everything that can apply to one event name, rulesets in load order, and how to run it. */
export interface EventPlan extends ReadonlyArray<PlannedRuleset> {
  readonly run: RunPlan;
}
