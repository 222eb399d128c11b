import { isOperatorName } from '../operators';
import type { LeafSpec } from '../spec';
import type { CompiledCondition } from './compiled-condition';
import type { ConditionTrace } from './condition-trace';
import type { EventView } from './event-view';
import { internKey } from './intern';
import type { CompileOperandContext, OperatorDefinition } from './operators/operator';
import { OPERATOR_REGISTRY } from './operators/registry';

/** The conditions that read the event directly: leaves `{ var, OPERATOR }`, conjunctions of them, `changed`. */

/**
 * `{ changed: GLOB }`: some variable matching the glob was added, changed or
 * removed since the session's previous event (the session step compares one
 * fingerprint per glob); false when that is unknown.
 */
export class ChangedCondition implements CompiledCondition {
  constructor(private readonly glob: string) {}
  test(view: EventView): boolean {
    view.budget.tick();
    return view.changed?.has(this.glob) === true;
  }
  explain(view: EventView): ConditionTrace {
    return { kind: 'changed', glob: this.glob, known: view.changed !== undefined, result: this.test(view) };
  }
}

class LeafCondition implements CompiledCondition {
  get leafTests(): readonly unknown[] {
    return [this.definition.test, this.key, this.prepared];
  }
  constructor(
    private readonly key: string,
    private readonly operator: string,
    private readonly operand: unknown,
    private readonly definition: OperatorDefinition,
    private readonly prepared: unknown,
  ) {}
  test(view: EventView): boolean {
    view.budget.tick();
    return this.definition.test(view, this.key, this.prepared);
  }
  explain(view: EventView): ConditionTrace {
    const { key, operator, operand } = this;
    return { kind: 'leaf', var: key, operator, operand, actual: view.get(key), result: this.test(view) };
  }
}

/**
 * `all` of leaves only (the common rule): one flat array of (operator test,
 * key, prepared operand) triples, so testing a rule reads one array instead of
 * a node, a children array and an object per leaf. What explanations need
 * (operator names, operands as written) sits apart, never read by `test`.
 */
class AllLeavesCondition implements CompiledCondition {
  constructor(
    readonly leafTests: readonly unknown[],
    private readonly written: readonly unknown[],
  ) {}
  test(view: EventView): boolean {
    const tests = this.leafTests;
    const budget = view.budget;
    for (let i = 0; i < tests.length; i += 3) {
      budget.tick();
      const test = tests[i] as OperatorDefinition['test'];
      if (!test(view, tests[i + 1] as string, tests[i + 2])) return false;
    }
    return true;
  }
  explain(view: EventView): ConditionTrace {
    const children: ConditionTrace[] = [];
    const tests = this.leafTests;
    for (let i = 0; i < tests.length; i += 3) {
      const test = tests[i] as OperatorDefinition['test'];
      const key = tests[i + 1] as string;
      children.push({
        kind: 'leaf',
        var: key,
        operator: this.written[(i / 3) * 2] as string,
        operand: this.written[(i / 3) * 2 + 1],
        actual: view.get(key),
        result: test(view, key, tests[i + 2]),
      });
    }
    return { kind: 'all', result: children.every((t) => t.result), children };
  }
}

interface PreparedLeaf {
  key: string;
  operator: string;
  operand: unknown;
  definition: OperatorDefinition;
  prepared: unknown;
}

function prepareLeaf(spec: LeafSpec, context: CompileOperandContext): PreparedLeaf {
  const operators = Object.keys(spec).filter((k) => k !== 'var');
  const operator = operators[0];
  if (operators.length !== 1 || operator === undefined || !isOperatorName(operator)) {
    throw new TypeError(`leaf on ${spec.var} must have exactly one known operator after validation`);
  }
  const operand = spec[operator];
  const definition = OPERATOR_REGISTRY[operator];
  return {
    key: internKey(spec.var),
    operator,
    operand,
    definition,
    prepared: definition.prepare(operand, context),
  };
}

export function compileLeaf(spec: LeafSpec, context: CompileOperandContext): CompiledCondition {
  const leaf = prepareLeaf(spec, context);
  return new LeafCondition(leaf.key, leaf.operator, leaf.operand, leaf.definition, leaf.prepared);
}

export function compileAllLeaves(
  specs: readonly LeafSpec[],
  context: CompileOperandContext,
): CompiledCondition {
  const tests: unknown[] = [];
  const written: unknown[] = [];
  for (const spec of specs) {
    const leaf = prepareLeaf(spec, context);
    tests.push(leaf.definition.test, leaf.key, leaf.prepared);
    written.push(leaf.operator, leaf.operand);
  }
  return new AllLeavesCondition(tests, written);
}
