import micromatch from 'micromatch';
import type { RuleSpec } from '../spec';
import { compileCondition, type CompileConditionContext } from './compile-condition';
import { compileTemplate } from './compile-template';
import type { CompiledRule } from './compiled-rule';

export interface RuleLocation {
  ruleset: string;
  file: string;
  order: number;
  /** `then.set` keys in written order, when the source is known: object iteration puts "10" before "b". */
  setKeys?: readonly string[] | undefined;
}

/** Builds the `on` test: exact names by set lookup, globs by precompiled micromatch matchers. */
export function compileEventMatcher(on: readonly string[]): (name: string) => boolean {
  const exact = new Set(on.filter((p) => !micromatch.scan(p).isGlob));
  const globs = on.filter((p) => micromatch.scan(p).isGlob).map((p) => micromatch.matcher(p));
  if (globs.length === 0) return (name) => exact.has(name);
  return (name) => exact.has(name) || globs.some((isMatch) => isMatch(name));
}

export function compileRule(
  spec: RuleSpec,
  location: RuleLocation,
  context: CompileConditionContext,
): CompiledRule {
  const on = spec.on === undefined ? undefined : typeof spec.on === 'string' ? [spec.on] : spec.on;
  const then = spec.then;
  return {
    id: spec.id,
    qualifiedId: `${location.ruleset}/${spec.id}`,
    ruleset: location.ruleset,
    file: location.file,
    path: ['rules', location.order],
    priority: spec.priority ?? 0,
    order: location.order,
    on,
    matchesEvent: on === undefined ? () => true : compileEventMatcher(on),
    condition: spec.if === undefined ? undefined : compileCondition(spec.if, context),
    stop: spec.stop === true,
    once: spec.once === true,
    schedule: (then.schedule ?? []).map((op) => ({
      action: op.action,
      parameters: Object.entries(op.parameters ?? {}).map(([k, v]) => [k, compileTemplate(v)] as const),
    })),
    set: (location.setKeys ?? Object.keys(then.set ?? {})).map(
      (k) => [k, compileTemplate(then.set?.[k] ?? '')] as const,
    ),
    disable: then.disable ?? [],
    enable: then.enable ?? [],
    filter: then.filter,
  };
}
