import { mergeFilter } from '../../filter/effective-filter';
import type { CompiledRule } from './compiled-rule';
import type { PlannedRuleset, RunPlan } from './event-plan';
import type { EventView } from './event-view';
import { buildRuleProgram, runRuleProgram, type ProgramOutput } from './rule-program';
import type { SharedValues } from './shared-values';
import { writeRulesSource, type RulesSegment } from './write-rules-source';

/** Runs generated rules; true when a rule with `stop` fired in a run of one ruleset's rules. */
type RunRules = (
  view: EventView,
  onceFired: ReadonlySet<string> | undefined,
  result: ProgramOutput,
) => boolean;

/**
 * The weight (one per rule, leaf, list of up to 8 texts, output and template
 * part) of the rules one generated function holds, at most. Measured on the
 * bench's rules (about 11 per rule): functions of 400 to 1,200 ran the plans
 * of 100 and 200 rules 1.3–1.5 times as fast as the loop; past about 1,600,
 * one function holding all 200 rules was slower than the loop, V8 no longer
 * optimizing it or no longer inlining the budget's and the view's methods
 * into it. A rule heavier than this alone runs in the program loop.
 */
export const MAX_FUNCTION_WEIGHT = 800;

function ruleWeight(rule: CompiledRule): number {
  const leaves = rule.condition?.leafTests ?? [undefined, undefined, undefined];
  let weight = 1;
  for (let t = 2; t < leaves.length; t += 3) weight += Array.isArray(leaves[t]) ? 2 : 1;
  for (const update of rule.set) weight += 1 + update.template.code.length / 3;
  for (const op of rule.schedule) {
    weight += 1;
    for (const [, template] of op.parameters) weight += 1 + template.code.length / 3;
  }
  return weight + rule.overrides.length + (rule.filter === undefined ? 0 : 1);
}

function generate(segments: readonly RulesSegment[], shared: SharedValues): RunRules {
  const { source, constants } = writeRulesSource(segments, shared);
  const create = new Function('k', 'mergeFilter', source) as (
    k: readonly unknown[],
    merge: typeof mergeFilter,
  ) => RunRules;
  return create(constants, mergeFilter);
}

/** One ruleset too heavy for one function: its rules in runs of bounded weight, in turn. */
function runLargeRuleset(planned: PlannedRuleset, shared: SharedValues): RunPlan {
  const parts: RunRules[] = [];
  let run: CompiledRule[] = [];
  let weight = 0;
  const flush = () => {
    if (run.length > 0) parts.push(generate([{ rules: run }], shared));
    run = [];
    weight = 0;
  };
  for (const rule of planned.rules) {
    const own = ruleWeight(rule);
    if (weight + own > MAX_FUNCTION_WEIGHT) flush();
    if (own <= MAX_FUNCTION_WEIGHT) {
      run.push(rule);
      weight += own;
      continue;
    }
    const program = buildRuleProgram([rule], shared);
    parts.push((view, onceFired, result) => runRuleProgram(program, view, onceFired, result));
  }
  flush();
  const when = planned.ruleset.when;
  return (view, onceFired, result) => {
    view.budget.check();
    if (when !== undefined && !when.test(view)) return;
    for (let i = 0; i < parts.length; i++) if (parts[i]!(view, onceFired, result)) return;
  };
}

function runInTurn(steps: readonly RunPlan[]): RunPlan {
  if (steps.length === 1) return steps[0]!;
  return (view, onceFired, result) => {
    for (let i = 0; i < steps.length; i++) steps[i]!(view, onceFired, result);
  };
}

export function planWeight(plan: readonly PlannedRuleset[]): number {
  let weight = 0;
  for (const planned of plan) for (const rule of planned.rules) weight += ruleWeight(rule);
  return weight;
}

/** Generated functions for the plan, whole rulesets packed together up to MAX_FUNCTION_WEIGHT. */
export function generatePlan(plan: readonly PlannedRuleset[], shared: SharedValues): RunPlan {
  const steps: RunPlan[] = [];
  let group: RulesSegment[] = [];
  let weight = 0;
  const flush = () => {
    if (group.length > 0) steps.push(generate(group, shared));
    group = [];
    weight = 0;
  };
  for (const planned of plan) {
    const own = 1 + planned.rules.reduce((sum, rule) => sum + ruleWeight(rule), 0);
    if (weight + own > MAX_FUNCTION_WEIGHT) flush();
    if (own > MAX_FUNCTION_WEIGHT) steps.push(runLargeRuleset(planned, shared));
    else {
      group.push({ rules: planned.rules, whole: { when: planned.ruleset.when } });
      weight += own;
    }
  }
  flush();
  return runInTurn(steps);
}
