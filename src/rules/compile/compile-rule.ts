import type { NodeOverrideAction } from '../../contract/types';
import { isGlob } from '../../glob/compile-glob';
import type { OperationSpec, RuleSpec } from '../spec';
import { compileCondition, type CompileConditionContext } from './compile-condition';
import { compileGlobOrThrow } from './compile-glob-or-throw';
import { CompiledTemplate } from './compile-template';
import type { CompiledOperation, CompiledRule, CompiledUpdate } from './compiled-rule';

export interface RuleLocation {
  ruleset: string;
  file: string;
  order: number;
  /** `then.set` keys in written order, when the source is known: object iteration puts "10" before "b". */
  setKeys?: readonly string[] | undefined;
}

/** Builds the `on` test: exact names by set lookup, globs by compiled matchers. */
export function compileEventMatcher(on: readonly string[]): (name: string) => boolean {
  const names = on.filter((p) => !isGlob(p));
  const globs = on.filter(isGlob).map(compileGlobOrThrow);
  // The common rule names one event: no Set for it (large rule sets keep thousands of matchers).
  if (globs.length === 0 && names.length === 1) {
    const only = names[0];
    return (name) => name === only;
  }
  const exact = new Set(names);
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
    schedule: (then.schedule ?? []).map(compileOperation),
    set: (location.setKeys ?? Object.keys(then.set ?? {})).map((key) =>
      compileUpdate(key, then.set?.[key] ?? ''),
    ),
    overrides: compileOverrides(then.disable, then.enable),
    filter: then.filter,
  };
}

function compileOperation(op: OperationSpec): CompiledOperation {
  const parameters = Object.entries(op.parameters ?? {}).map(
    ([k, v]) => [k, new CompiledTemplate(v)] as const,
  );
  const fixed = parameters.every(([, t]) => t.constant !== undefined)
    ? Object.freeze({
        action: op.action,
        parameters: Object.freeze(Object.fromEntries(parameters.map(([k, t]) => [k, t.constant as string]))),
      })
    : undefined;
  return { action: op.action, parameters, fixed };
}

function compileUpdate(key: string, value: string): CompiledUpdate {
  const template = new CompiledTemplate(value);
  const fixed =
    template.constant === undefined ? undefined : Object.freeze({ key, value: template.constant });
  return { key, template, fixed };
}

function compileOverrides(disable: readonly string[] = [], enable: readonly string[] = []) {
  const overrides: Readonly<NodeOverrideAction>[] = [];
  if (disable.length > 0)
    overrides.push(Object.freeze({ node_names: Object.freeze([...disable]) as string[], enable: false }));
  if (enable.length > 0)
    overrides.push(Object.freeze({ node_names: Object.freeze([...enable]) as string[], enable: true }));
  return overrides;
}
