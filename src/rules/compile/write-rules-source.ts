import type { CompiledCondition } from './compiled-condition';
import type { CompiledRule } from './compiled-rule';
import { equalsOperator } from './operators/equals';
import { existsOperator } from './operators/exists';
import { gteOperator } from './operators/gte';
import { gtOperator } from './operators/gt';
import { inOperator } from './operators/in';
import { lteOperator } from './operators/lte';
import { ltOperator } from './operators/lt';
import { notEqualsOperator } from './operators/not-equals';
import { notInOperator } from './operators/not-in';
import type { TextList } from './operators/operator';
import { parameterShape } from './parameter-shape';
import type { SharedValues } from './shared-values';
import { SourceWriter } from './source-writer';

/**
 * The JavaScript source of a function that runs rules exactly as the program
 * loop does (`runRuleProgram`, and `evaluateEvent`'s loop over rulesets): the
 * same rules fire in the same order, with the same outputs, budget ticks and
 * errors. Every value from a rule file (variable names, operands, ids,
 * template texts, actions, parameter keys, conditions) is a constant, written
 * `k<index>` (source-writer.ts); the rest is the fixed code of this file.
 *
 * The source is the body of `new Function('k', 'mergeFilter', source)`, which
 * returns `(view, onceFired, result) => stopped`.
 */
export interface RulesSource {
  source: string;
  constants: unknown[];
}

/**
 * Rules to write in one function. `whole`: one whole ruleset, its clock look
 * and `when` included, `stop` ending it; otherwise a run of one ruleset's
 * rules, `stop` returning true.
 */
export interface RulesSegment {
  rules: readonly CompiledRule[];
  whole?: { when: CompiledCondition | undefined } | undefined;
}

type Leaf = (w: SourceWriter, key: string, prepared: unknown) => string;

/** Leaf operators written out as code (what their `test` does); the others call their `test`, a constant. */
const INLINE = new Map<unknown, Leaf>([
  [equalsOperator.test, (w, key, p) => `v[${key}] === ${w.ref(p)}`],
  [notEqualsOperator.test, (w, key, p) => `v[${key}] !== ${w.ref(p)}`],
  [inOperator.test, (w, key, p) => `(typeof (x = v[${key}]) === 'string' && ${w.hasText(p as TextList)})`],
  [
    notInOperator.test,
    (w, key, p) => `(typeof (x = v[${key}]) !== 'string' || !${w.hasText(p as TextList)})`,
  ],
  [existsOperator.test, (w, key, p) => `(typeof v[${key}] === 'string') === ${w.ref(p)}`],
  [ltOperator.test, (w, key, p) => `((n = ${w.number(key)}) !== null && n < ${w.ref(p)})`],
  [lteOperator.test, (w, key, p) => `((n = ${w.number(key)}) !== null && n <= ${w.ref(p)})`],
  [gtOperator.test, (w, key, p) => `((n = ${w.number(key)}) !== null && n > ${w.ref(p)})`],
  [gteOperator.test, (w, key, p) => `((n = ${w.number(key)}) !== null && n >= ${w.ref(p)})`],
]);

/** The tests deciding whether a rule fires, to be joined with `&&` (none: it always does). */
function writeTests(w: SourceWriter, rule: CompiledRule): string[] {
  const tests: string[] = [];
  if (rule.once)
    tests.push(`(onceFired === undefined || onceFired.has(${w.ref(rule.qualifiedId)}) !== true)`);
  const condition = rule.condition;
  if (condition === undefined) return tests;
  const leaves = condition.leafTests;
  if (leaves === undefined) return [...tests, `${w.ref(condition)}.test(view)`];
  for (let t = 0; t < leaves.length; t += 3) {
    const key = w.ref(leaves[t + 1]);
    const inline = INLINE.get(leaves[t]);
    const test =
      inline?.(w, key, leaves[t + 2]) ?? `${w.ref(leaves[t])}(view, ${key}, ${w.ref(leaves[t + 2])})`;
    tests.push(`(budget.tick(), ${test})`);
  }
  return tests;
}

function writeOutputs(w: SourceWriter, rule: CompiledRule, stop: string): void {
  const out = w.lines;
  for (const update of rule.set) {
    if (update.fixed !== undefined) out.push(`updates.push(${w.ref(update.fixed)});`);
    else out.push(`updates.push({ key: ${w.ref(update.key)}, value: ${w.template(update.template.code)} });`);
  }
  for (const op of rule.schedule) {
    if (op.fixed !== undefined) {
      out.push(`actions.push(${w.ref(op.fixed)});`);
      continue;
    }
    out.push(`p = { ...${w.ref(parameterShape(op.parameters.map(([key]) => key)))} };`);
    for (const [key, template] of op.parameters) out.push(`p[${w.ref(key)}] = ${w.template(template.code)};`);
    out.push(`actions.push({ action: ${w.ref(op.action)}, parameters: p });`);
  }
  out.push(`result.fired.push(${w.ref(rule.qualifiedId)});`);
  for (const override of rule.overrides) out.push(`response.nodes_to_override.push(${w.ref(override)});`);
  if (rule.filter !== undefined)
    out.push(`result.filter = mergeFilter(result.filter, ${w.ref(rule.filter)});`);
  if (rule.stop) out.push(stop);
}

function writeRules(w: SourceWriter, rules: readonly CompiledRule[], stop: string): void {
  for (const rule of rules) {
    w.lines.push('budget.tick();');
    const tests = writeTests(w, rule);
    w.lines.push(tests.length === 0 ? '{' : `if (${tests.join(' && ')}) {`);
    writeOutputs(w, rule, stop);
    w.lines.push('}');
  }
}

export function writeRulesSource(segments: readonly RulesSegment[], shared: SharedValues): RulesSource {
  const w = new SourceWriter(shared);
  segments.forEach((segment, s) => {
    if (segment.whole === undefined) return writeRules(w, segment.rules, 'return true;');
    w.lines.push('budget.check();');
    const when = segment.whole.when;
    w.lines.push(when === undefined ? `r${s}: {` : `r${s}: if (${w.ref(when)}.test(view)) {`);
    writeRules(w, segment.rules, `break r${s};`);
    w.lines.push('}');
  });
  const declarations = w.constants.map((_, i) => `k${i} = k[${i}]`);
  const source = [
    "'use strict';",
    ...(declarations.length > 0 ? [`const ${declarations.join(', ')};`] : []),
    'return function run(view, onceFired, result) {',
    'const v = view.variables, budget = view.budget, response = result.response;',
    'const updates = response.session_variable_updates, actions = response.actions_to_perform;',
    'let x, n, p;',
    w.numberDeclarations(),
    ...w.lines,
    'return false;',
    '};',
  ].join('\n');
  return { source, constants: w.constants };
}
