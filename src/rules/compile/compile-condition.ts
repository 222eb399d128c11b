import type { EventView } from './event-view';
import { isOperatorName } from '../operators';
import type { AllSpec, AnySpec, ChangedSpec, ConditionSpec, LeafSpec, NotSpec, RefSpec } from '../spec';
import type { ConditionTrace } from './condition-trace';
import { compileGlobOrThrow } from './compile-glob-or-throw';
import { internKey } from './intern';
import type { CompileOperandContext, OperatorDefinition } from './operators/operator';
import { OPERATOR_REGISTRY } from './operators/registry';

/**
 * A condition compiled once: `test` is the hot path; `explain` re-walks it to say
 * why. Nodes are small class instances (methods on prototypes, no closures per
 * node), because large rule sets keep thousands of them in memory.
 */
export interface CompiledCondition {
  test(view: EventView): boolean;
  explain(view: EventView): ConditionTrace;
  /**
   * For a conjunction of leaves: (operator test, key, prepared operand) triples,
   * all of which hold exactly when `test` does. Undefined for other shapes.
   */
  readonly leafTests?: readonly unknown[] | undefined;
}

export interface CompileConditionContext extends CompileOperandContext {
  /** Compiled named conditions of the ruleset (`ref`); refs are checked acyclic before compiling. */
  resolveRef(name: string): CompiledCondition;
  /** Told every `changed` glob compiled: the session keeps fingerprints of the keys they match. */
  watchChanged(glob: string): void;
}

class AllCondition implements CompiledCondition {
  constructor(private readonly children: readonly CompiledCondition[]) {}
  test(view: EventView): boolean {
    for (const child of this.children) if (!child.test(view)) return false;
    return true;
  }
  explain(view: EventView): ConditionTrace {
    const children = this.children.map((c) => c.explain(view));
    return { kind: 'all', result: children.every((t) => t.result), children };
  }
}

class AnyCondition implements CompiledCondition {
  constructor(private readonly children: readonly CompiledCondition[]) {}
  test(view: EventView): boolean {
    for (const child of this.children) if (child.test(view)) return true;
    return false;
  }
  explain(view: EventView): ConditionTrace {
    const children = this.children.map((c) => c.explain(view));
    return { kind: 'any', result: children.some((t) => t.result), children };
  }
}

class NotCondition implements CompiledCondition {
  constructor(private readonly inner: CompiledCondition) {}
  test(view: EventView): boolean {
    return !this.inner.test(view);
  }
  explain(view: EventView): ConditionTrace {
    const child = this.inner.explain(view);
    return { kind: 'not', result: !child.result, child };
  }
}

class RefCondition implements CompiledCondition {
  constructor(
    private readonly name: string,
    private readonly target: CompiledCondition,
  ) {}
  test(view: EventView): boolean {
    return this.target.test(view);
  }
  explain(view: EventView): ConditionTrace {
    const child = this.target.explain(view);
    return { kind: 'ref', name: this.name, result: child.result, child };
  }
}

/** `{ changed: GLOB }`: some key of the event's delta matches; false when the delta is unknown. */
class ChangedCondition implements CompiledCondition {
  private readonly isMatch: (key: string) => boolean;
  constructor(private readonly glob: string) {
    this.isMatch = compileGlobOrThrow(glob);
  }
  test(view: EventView): boolean {
    const delta = view.delta;
    if (delta === undefined) return false;
    for (const key of delta) if (this.isMatch(key)) return true;
    return false;
  }
  explain(view: EventView): ConditionTrace {
    const matched = view.delta?.filter(this.isMatch);
    return { kind: 'changed', glob: this.glob, matched, result: matched !== undefined && matched.length > 0 };
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
    for (let i = 0; i < tests.length; i += 3) {
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

export function compileCondition(spec: ConditionSpec, context: CompileConditionContext): CompiledCondition {
  // A leaf's index signature defeats `in` narrowing: the casts follow the schema's discrimination by key.
  if ('all' in spec) {
    const children = (spec as AllSpec).all;
    if (children.length > 0 && children.every(isLeaf))
      return compileAllLeaves(children as LeafSpec[], context);
    return new AllCondition(children.map((c) => compileCondition(c, context)));
  }
  if ('any' in spec) return new AnyCondition((spec as AnySpec).any.map((c) => compileCondition(c, context)));
  if ('not' in spec) return new NotCondition(compileCondition((spec as NotSpec).not, context));
  if ('ref' in spec) {
    const name = (spec as RefSpec).ref;
    return new RefCondition(name, context.resolveRef(name));
  }
  if ('changed' in spec) {
    const glob = (spec as ChangedSpec).changed;
    context.watchChanged(glob);
    return new ChangedCondition(glob);
  }
  return compileLeaf(spec as LeafSpec, context);
}

function isLeaf(spec: ConditionSpec): boolean {
  return 'var' in spec;
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

function compileLeaf(spec: LeafSpec, context: CompileOperandContext): CompiledCondition {
  const leaf = prepareLeaf(spec, context);
  return new LeafCondition(leaf.key, leaf.operator, leaf.operand, leaf.definition, leaf.prepared);
}

function compileAllLeaves(specs: readonly LeafSpec[], context: CompileOperandContext): CompiledCondition {
  const tests: unknown[] = [];
  const written: unknown[] = [];
  for (const spec of specs) {
    const leaf = prepareLeaf(spec, context);
    tests.push(leaf.definition.test, leaf.key, leaf.prepared);
    written.push(leaf.operator, leaf.operand);
  }
  return new AllLeavesCondition(tests, written);
}
