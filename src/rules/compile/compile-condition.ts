import micromatch from 'micromatch';
import type { EventView } from '../evaluate/event-view';
import type { AllSpec, AnySpec, ChangedSpec, ConditionSpec, LeafSpec, NotSpec, RefSpec } from '../spec';
import type { ConditionTrace } from './condition-trace';
import { OPERATOR_REGISTRY } from './operators/registry';
import type { CompileOperandContext } from './operators/operator';
import { isOperatorName } from '../operators';

/** A condition compiled once: `test` is the hot path; `explain` re-walks it to say why. */
export interface CompiledCondition {
  test(view: EventView): boolean;
  explain(view: EventView): ConditionTrace;
}

export interface CompileConditionContext extends CompileOperandContext {
  /** Compiled named conditions of the ruleset (`ref`); refs are checked acyclic before compiling. */
  resolveRef(name: string): CompiledCondition;
}

export function compileCondition(spec: ConditionSpec, context: CompileConditionContext): CompiledCondition {
  // A leaf's index signature defeats `in` narrowing: the casts follow the schema's discrimination by key.
  if ('all' in spec)
    return compileGroup(
      'all',
      (spec as AllSpec).all.map((c) => compileCondition(c, context)),
    );
  if ('any' in spec)
    return compileGroup(
      'any',
      (spec as AnySpec).any.map((c) => compileCondition(c, context)),
    );
  if ('not' in spec) {
    const inner = compileCondition((spec as NotSpec).not, context);
    return {
      test: (view) => !inner.test(view),
      explain: (view) => {
        const child = inner.explain(view);
        return { kind: 'not', result: !child.result, child };
      },
    };
  }
  if ('ref' in spec) {
    const name = (spec as RefSpec).ref;
    const target = context.resolveRef(name);
    return {
      test: (view) => target.test(view),
      explain: (view) => {
        const child = target.explain(view);
        return { kind: 'ref', name, result: child.result, child };
      },
    };
  }
  if ('changed' in spec) return compileChanged((spec as ChangedSpec).changed);
  return compileLeaf(spec as LeafSpec, context);
}

function compileGroup(kind: 'all' | 'any', children: CompiledCondition[]): CompiledCondition {
  const test =
    kind === 'all'
      ? (view: EventView) => children.every((c) => c.test(view))
      : (view: EventView) => children.some((c) => c.test(view));
  return {
    test,
    explain: (view) => {
      const traces = children.map((c) => c.explain(view));
      const result = kind === 'all' ? traces.every((t) => t.result) : traces.some((t) => t.result);
      return { kind, result, children: traces };
    },
  };
}

/** `{ changed: GLOB }`: some key of the event's delta matches; false when served statelessly. */
function compileChanged(glob: string): CompiledCondition {
  const isMatch = micromatch.matcher(glob);
  return {
    test: (view) => view.delta !== undefined && view.delta.some(isMatch),
    explain: (view) => {
      const matched = view.delta?.filter(isMatch);
      return { kind: 'changed', glob, matched, result: matched !== undefined && matched.length > 0 };
    },
  };
}

function compileLeaf(spec: LeafSpec, context: CompileOperandContext): CompiledCondition {
  const key = spec.var;
  const operators = Object.keys(spec).filter((k) => k !== 'var');
  const operator = operators[0];
  if (operators.length !== 1 || operator === undefined || !isOperatorName(operator)) {
    throw new TypeError(`leaf on ${key} must have exactly one known operator after validation`);
  }
  const operand = spec[operator];
  const leafTest = OPERATOR_REGISTRY[operator].compile(operand, context);
  return {
    test: (view) => leafTest(view, key),
    explain: (view) => ({
      kind: 'leaf',
      var: key,
      operator,
      operand,
      actual: view.get(key),
      result: leafTest(view, key),
    }),
  };
}
