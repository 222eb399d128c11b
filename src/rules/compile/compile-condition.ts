import type { AllSpec, AnySpec, ChangedSpec, ConditionSpec, LeafSpec, NotSpec, RefSpec } from '../spec';
import type { CompiledCondition } from './compiled-condition';
import { AllCondition, AnyCondition, NotCondition, RefCondition } from './composite-conditions';
import { ChangedCondition, compileAllLeaves, compileLeaf } from './leaf-conditions';
import type { CompileOperandContext } from './operators/operator';

export interface CompileConditionContext extends CompileOperandContext {
  /** Compiled named conditions of the ruleset (`ref`); refs are checked acyclic before compiling. */
  resolveRef(name: string): CompiledCondition;
  /** Told every `changed` glob compiled: the session keeps fingerprints of the keys they match. */
  watchChanged(glob: string): void;
}

/** Compiles a validated condition into nodes (composite-conditions.ts, leaf-conditions.ts). */
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
