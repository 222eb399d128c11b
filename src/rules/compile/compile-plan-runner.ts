import type { EventPlan, PlannedRuleset, RunPlan } from './event-plan';
import { generatePlan, MAX_FUNCTION_WEIGHT, planWeight } from './generate-plan';
import { runRuleProgram } from './rule-program';
import type { SharedValues } from './shared-values';

let allowed: boolean | undefined;

/**
 * Whether this process may compile source text (`new Function`): not under
 * `--disallow-code-generation-from-strings`, nor in a context whose embedder
 * forbids it. Asked once; when it may not, every plan runs in the program loop.
 */
export function canGenerateCode(): boolean {
  if (allowed === undefined) {
    try {
      allowed = (new Function('return 1') as () => number)() === 1;
    } catch {
      allowed = false;
    }
  }
  return allowed;
}

/** The program loop over a plan: what generated functions do, read from the programs' slots. */
function interpretPlan(plan: readonly PlannedRuleset[]): RunPlan {
  return (view, onceFired, result) => {
    for (let i = 0; i < plan.length; i++) {
      const { ruleset, program } = plan[i]!;
      view.budget.check();
      if (ruleset.when !== undefined && !ruleset.when.test(view)) continue;
      runRuleProgram(program, view, onceFired, result);
    }
  };
}

/** How plans run: generated once hot (the default), generated from the start (tests), or never. */
export type CodeGeneration = 'when-hot' | 'always' | 'never';

/**
 * Events a plan runs in the program loop before its code is generated. V8
 * optimizes a function once it has run often; until then a generated function
 * runs in V8's bytecode interpreter, slower than the (long optimized) program
 * loop. So only plans events keep reaching are generated, and a plan nobody
 * sends costs neither the generation nor its memory.
 */
export const HOT_RUNS = 64;

/**
 * Plans heavier than this stay in the program loop: their rules would need
 * more than 8 generated functions, each run once per event and so slow to
 * be optimized; such a plan (hundreds of rules per event) spends its time in
 * its rules, where the loop's own cost matters least.
 */
export const MAX_GENERATED_WEIGHT = 8 * MAX_FUNCTION_WEIGHT;

/** The generated plan, or undefined should V8 refuse the source (the loop then stays: it gives the same results). */
function tryGeneratePlan(plan: readonly PlannedRuleset[], shared: SharedValues): RunPlan | undefined {
  try {
    return generatePlan(plan, shared);
  } catch {
    return undefined;
  }
}

/**
 * Gives `plan` its `run`: the program loop, replaced by functions generated
 * from fixed code and constants (write-rules-source.ts) once the plan has run
 * HOT_RUNS times, when code generation is allowed and the plan is not heavier
 * than MAX_GENERATED_WEIGHT. Both give the same results, errors and budget
 * ticks for every event.
 */
export function attachPlanRunner(
  plan: PlannedRuleset[],
  shared: SharedValues,
  generation: CodeGeneration = 'when-hot',
): EventPlan {
  const interpreted = interpretPlan(plan);
  const runner = Object.assign(plan, { run: interpreted });
  if (generation === 'never' || !canGenerateCode() || planWeight(plan) > MAX_GENERATED_WEIGHT) return runner;
  if (generation === 'always') {
    runner.run = generatePlan(plan, shared);
    return runner;
  }
  let runs = 0;
  // Generated after the event's evaluation, so that its cost (about 1 ms for 100 rules) never counts against
  // that event's budget: the budget's clock is only read during the evaluation.
  runner.run = (view, onceFired, result) => {
    interpreted(view, onceFired, result);
    if (++runs >= HOT_RUNS) runner.run = tryGeneratePlan(plan, shared) ?? interpreted;
  };
  return runner;
}
