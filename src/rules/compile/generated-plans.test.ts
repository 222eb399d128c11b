import { EVENT_NAMES, randomEvent, randomRulesets, seededRandom } from '../../../test/support/random-rules';
import { createEmptyResponse } from '../../contract/types';
import { EMPTY_FILTER } from '../../filter/effective-filter';
import { evaluateEvent, type EvaluationContext } from '../evaluate/evaluate-event';
import type { LoadedRuleset, RuleSpec, RulesetSpec } from '../spec';
import { canGenerateCode, HOT_RUNS, MAX_GENERATED_WEIGHT, type CodeGeneration } from './compile-plan-runner';
import { EvaluationBudget, FREE_SCAN_CHARS } from './evaluation-budget';
import { EventView } from './event-view';
import type { ProgramOutput } from './rule-program';
import { RuleBook } from './rule-book';

const load = (specs: readonly RulesetSpec[]): LoadedRuleset[] =>
  specs.map((spec) => ({ file: `${spec.ruleset}.yaml`, spec, locate: () => undefined }));

const compile = (specs: readonly RulesetSpec[], codeGeneration: CodeGeneration) =>
  RuleBook.compile(load(specs), undefined, { codeGeneration });

/**
 * Records what evaluation charges its budget, in order; never runs out. A scan
 * of fewer than FREE_SCAN_CHARS characters charges nothing (the budget's count
 * and its clock reads are those without it), so only longer ones are recorded.
 */
class RecordingBudget extends EvaluationBudget {
  readonly calls: string[] = [];
  constructor() {
    super(Infinity);
  }
  override tick(): void {
    this.calls.push('tick');
  }
  override scan(chars: number): void {
    if (chars >= FREE_SCAN_CHARS) this.calls.push(`scan ${chars}`);
  }
  override check(): void {
    this.calls.push('check');
  }
}

/** One plan run with a recording budget: the output and the budget's calls. */
function runRecorded(book: RuleBook, variables: Record<string, string>, context: EvaluationContext) {
  const budget = new RecordingBudget();
  const view = new EventView(variables, context.changed, budget);
  const result: ProgramOutput = {
    response: createEmptyResponse(),
    fired: [],
    filter: context.filter ?? EMPTY_FILTER,
    missingTemplateVariables: 0,
  };
  book.planFor(variables['state.currentEvent'] ?? '').run(view, context.onceFired, result);
  return { result, calls: budget.calls };
}

function randomContext(book: RuleBook, next: () => number): EvaluationContext {
  const context: EvaluationContext = {};
  if (next() < 0.5) context.onceFired = new Set([...book.onceRules].filter(() => next() < 0.5));
  if (next() < 0.7) context.changed = new Set(['a*', 'num'].filter(() => next() < 0.5));
  return context;
}

describe('generated plans', () => {
  it('can be generated in this process', () => {
    expect(canGenerateCode()).toBe(true);
  });

  it('run every operator and feature as the program loop does: fired rules, outputs, budget calls', () => {
    let fired = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const specs = randomRulesets(seed);
      const generated = compile(specs, 'always');
      const interpreted = compile(specs, 'never');
      const next = seededRandom(seed * 7919);
      for (let e = 0; e < 12; e++) {
        const variables = randomEvent(next);
        const context = randomContext(generated, next);
        const ours = evaluateEvent(generated, variables, context);
        expect(ours).toEqual(evaluateEvent(interpreted, variables, context));
        expect(runRecorded(generated, variables, context)).toEqual(
          runRecorded(interpreted, variables, context),
        );
        fired += ours.fired.length;
      }
    }
    expect(fired).toBeGreaterThan(1000);
  });

  it('are generated functions, not the loop, when asked for', () => {
    const book = compile(randomRulesets(3), 'always');
    const plans = EVENT_NAMES.map((name) => book.planFor(name)).filter((plan) => plan.length > 0);
    expect(plans.length).toBeGreaterThan(0);
    for (const plan of plans) expect(String(plan.run)).toMatch(/^function run\(view, onceFired, result\)/);
  });

  it('start in the program loop and switch once a plan has run HOT_RUNS times, with the same results', () => {
    const specs = randomRulesets(11);
    const book = compile(specs, 'when-hot');
    const interpreted = compile(specs, 'never');
    const name = EVENT_NAMES.find((n) => book.planFor(n).length > 0)!;
    const plan = book.planFor(name);
    const first = plan.run;
    const next = seededRandom(5);
    for (let i = 0; i < HOT_RUNS + 5; i++) {
      const variables = { ...randomEvent(next), 'state.currentEvent': name };
      expect(evaluateEvent(book, variables)).toEqual(evaluateEvent(interpreted, variables));
      if (i < HOT_RUNS - 1) expect(plan.run).toBe(first);
    }
    expect(plan.run).not.toBe(first);
    expect(String(plan.run)).toMatch(/^function run\(/);
  });

  it('split large rulesets over several functions and keep the loop for rules and plans too heavy', () => {
    const big = (i: number): RuleSpec => ({
      id: `r${i}`,
      on: 'E1',
      stop: i === 150,
      if: {
        all: [
          { var: 'num', gt: i % 7 },
          { var: 'a', in: ['gold', 'go', `t${i}`] },
        ],
      },
      then: { set: { [`k${i}`]: 'v ${a} ${num:-none} ${b.c}' } },
    });
    const huge: RuleSpec = {
      id: 'huge',
      on: 'E1',
      then: { set: { huge: Array.from({ length: 2_000 }, (_, i) => `\${v${i}:-${i}}`).join('') } },
    };
    const specs: RulesetSpec[] = [
      { ruleset: 'one', rules: [...Array.from({ length: 200 }, (_, i) => big(i)), huge] },
      { ruleset: 'two', rules: [huge, ...Array.from({ length: 40 }, (_, i) => big(i))] },
    ];
    const generated = compile(specs, 'always');
    const interpreted = compile(specs, 'never');
    const next = seededRandom(99);
    for (let e = 0; e < 50; e++) {
      const variables = { ...randomEvent(next), 'state.currentEvent': 'E1' };
      const context = randomContext(generated, next);
      expect(evaluateEvent(generated, variables, context)).toEqual(
        evaluateEvent(interpreted, variables, context),
      );
      expect(runRecorded(generated, variables, context)).toEqual(
        runRecorded(interpreted, variables, context),
      );
    }
    expect(String(generated.planFor('E1').run)).not.toMatch(/^function run\(/);
    const tooHeavy = compile(
      [{ ruleset: 'many', rules: Array.from({ length: MAX_GENERATED_WEIGHT / 2 }, (_, i) => big(i + 1000)) }],
      'always',
    );
    // The program loop's closure calls runRuleProgram; generated runners never do.
    expect(String(tooHeavy.planFor('E1').run)).toContain('runRuleProgram');
    expect(String(generated.planFor('E1').run)).not.toContain('runRuleProgram');
  });
});
